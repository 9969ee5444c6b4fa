package diag

// Code says what kind of problem an Error is, in words a program can match
// on: `designer check -o json`, `resolve -o json` and the embed protocol's
// errors carry it. Codes are a contract: never renamed or reused; new ones
// are added at the end. The README lists them.
type Code string

// The problem codes.
const (
	CodeYAMLSyntax         Code = "yaml-syntax"            // the file is not YAML
	CodeNotUTF8            Code = "not-utf8"               // the file is not UTF-8 text
	CodeEmptyFile          Code = "empty-file"             // the file holds nothing
	CodeMultipleDocuments  Code = "multiple-documents"     // more than one YAML document
	CodeAlias              Code = "alias"                  // a YAML alias, which files may not use
	CodeWrongType          Code = "wrong-type"             // a value of the wrong YAML type
	CodeDuplicateKey       Code = "duplicate-key"          // a key set twice
	CodeUnknownKey         Code = "unknown-key"            // a key the format does not have
	CodeRequired           Code = "required"               // a required key or value is missing
	CodeEmpty              Code = "empty"                  // a value or list that must not be empty is
	CodeOutOfRange         Code = "out-of-range"           // a number outside what the format can hold
	CodeTooLarge           Code = "too-large"              // a file, a list or a text over its limit
	CodeUnreadable         Code = "unreadable"             // a file or folder that cannot be read
	CodeNotYAMLFile        Code = "not-yaml-file"          // a file that is not .yaml in a catalogue folder
	CodeUnsupportedVer     Code = "unsupported-version"    // a schemaVersion this version does not read
	CodeWrongFileType      Code = "wrong-file-type"        // a file of another type than its place wants
	CodeInvalidID          Code = "invalid-id"             // an id that is not lower-kebab-case
	CodeIDMismatch         Code = "id-mismatch"            // an id that differs from its file's name
	CodeDuplicateID        Code = "duplicate-id"           // two nodes with one id
	CodeDuplicateName      Code = "duplicate-name"         // a component named twice in one layer
	CodeDuplicateValue     Code = "duplicate-value"        // an enum value listed twice
	CodeUnknownComponent   Code = "unknown-component"      // a component the catalogue does not have
	CodeUnknownKind        Code = "unknown-kind"           // a kind the catalogue does not have
	CodeUnknownProvider    Code = "unknown-provider"       // a provider providers.yaml does not name
	CodeUnknownCategory    Code = "unknown-category"       // a category categories.yaml does not name
	CodeUnknownProperty    Code = "unknown-property"       // a property the component does not have
	CodeUnknownNode        Code = "unknown-node"           // an edge end that names no node
	CodeUnknownSelector    Code = "unknown-selector"       // a rule selects a kind, provider… that does not exist
	CodeUnknownType        Code = "unknown-type"           // a property type that does not exist
	CodeUnknownOp          Code = "unknown-op"             // a rule condition's unknown operator
	CodeUnknownSeverity    Code = "unknown-severity"       // a rule's unknown severity
	CodeEnumValue          Code = "enum-value"             // a value an enum property cannot take
	CodeLimitExceeded      Code = "limit-exceeded"         // a value below a property's minimum or above its maximum
	CodeTypeMismatch       Code = "type-mismatch"          // a value or comparison of the wrong property type
	CodeTypeConflict       Code = "type-conflict"          // a component changes the type of its kind's property
	CodeNotApplicable      Code = "not-applicable"         // a key that does not apply to this type
	CodeInvalidRange       Code = "invalid-range"          // a maximum below the minimum
	CodeSelfEdge           Code = "self-edge"              // an edge from a node to itself
	CodeInvalidLink        Code = "invalid-link"           // a docs link that is not an absolute https URL
	CodeConflictingKeys    Code = "conflicting-keys"       // keys that cannot stand together
	CodeInvalidCondition   Code = "invalid-condition"      // a rule condition of the wrong shape
	CodeInvalidTemplate    Code = "invalid-template"       // a rule message with a bad placeholder
	CodeNeverApplies       Code = "never-applies"          // a rule whose selector matches no component
	CodeNoGenericComponent Code = "no-generic-component"   // a kind without its generic component
	CodeNoDisplayName      Code = "no-display-name"        // a component without a display name
	CodeControlCharacter   Code = "control-character"      // text holding a control character XML cannot carry
	CodeTag                Code = "tag"                    // a YAML tag (!foo), which files may not use
	CodeAmbiguousNumber    Code = "ambiguous-number"       // an integer YAML readers disagree on (012, 0b101, 1_000)
	CodeInvalidName        Code = "invalid-name"           // a property name that is not a name
	CodeUnknownProtocol    Code = "unknown-protocol"       // an edge's protocol the catalogue does not list
	CodeUnknownBoundary    Code = "unknown-boundary"       // a boundary the catalogue does not have
	CodeUnknownGroup       Code = "unknown-group"          // a group id that names no group of the design
	CodeCycle              Code = "cycle"                  // groups that sit in each other
	CodeInvalidNesting     Code = "invalid-nesting"        // a group placed where its boundary may not sit
	CodeNotZone            Code = "not-a-zone"             // a node's zones entry that names a group of another boundary
	CodePicture            Code = "picture-without-design" // a picture that carries no design, or a damaged one
	CodeShareLink          Code = "damaged-share-link"     // a share link whose design cannot be read back
	CodeArchive            Code = "damaged-archive"        // a designs archive that cannot be read back
)
