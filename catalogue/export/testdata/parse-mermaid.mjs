// Parses Mermaid files with Mermaid's own parser and prints, for each, what
// the parser read: its vertices, edges and subgraphs, as JSON. The Go test
// (parsers_test.go) runs it with Node and compares the result with the
// design. Usage: node parse-mermaid.mjs MODULES_DIR FILE...
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [modules, ...files] = process.argv.slice(2);
const require = createRequire(path.resolve(modules, "package.json"));
const { JSDOM } = require("jsdom");
const dom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true });
globalThis.window = dom.window;
globalThis.document = dom.window.document;
for (const k of ["Element", "HTMLElement", "SVGElement", "Node", "DOMParser", "navigator"]) {
  if (!(k in globalThis)) globalThis[k] = dom.window[k];
}
const entry = require.resolve("mermaid");
const mermaid = (await import(pathToFileURL(entry).href)).default;
mermaid.initialize({ startOnLoad: false, securityLevel: "strict" });

// Mermaid keeps entity codes as placeholders until it renders; decode them.
const named = { quot: '"', amp: "&", lt: "<", gt: ">", nbsp: "\u00a0" };
const decode = (s) =>
  String(s ?? "")
    .replace(/ﬂ°°(\d+)¶ß/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/ﬂ°(\w+)¶ß/g, (_, n) => named[n] ?? `&${n};`);

const out = [];
for (const file of files) {
  const text = readFileSync(file, "utf8");
  try {
    await mermaid.parse(text);
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
    const db = diagram.db;
    const vertices = [...db.getVertices().values()].map((v) => ({ id: v.id, text: decode(v.text), classes: v.classes ?? [] }));
    const edges = db.getEdges().map((e) => ({ start: e.start, end: e.end, text: decode(e.text), stroke: e.stroke }));
    const subgraphs = db.getSubGraphs().map((s) => ({ id: s.id, title: decode(s.title), nodes: s.nodes }));
    out.push({ file, type: diagram.type, vertices, edges, subgraphs });
  } catch (err) {
    out.push({ file, error: String(err?.message ?? err) });
  }
}
process.stdout.write(JSON.stringify(out));
