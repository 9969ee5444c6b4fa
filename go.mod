module github.com/archdesigner/designer

go 1.26

require gopkg.in/yaml.v3 v3.0.1
