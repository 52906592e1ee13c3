// grundy's playground API as an npm package: the documents of the wire
// format (the schema at /api/schema of `grundy serve`) as plain objects,
// answered by grundy compiled to WebAssembly.
//
//   import { load, solve } from "grundy-wasm";
//   load(readFileSync(new URL("./grundy_wasm_bg.wasm", import.meta.resolve("grundy-wasm"))));
//   solve({ game: "cutting", position: { kind: "pieces", pieces: [["2", "3"]] } });
//
// In a browser, `await init()` (the default export) fetches the module.
import init, { initSync, request, configure as configureModule, version } from "./grundy_wasm.js";

export { init as default, version };

/** Instantiates the module from its bytes or a compiled WebAssembly.Module; returns its exports (`memory` among them). */
export function load(module) {
  return initSync({ module });
}

/** A request the API refused: `status` as the server would give it, `kind` and `message` from its error document. */
export class GrundyError extends Error {
  constructor(status, document) {
    super(document.error);
    this.name = "GrundyError";
    this.status = status;
    this.kind = document.kind;
  }
}

/** The module's answer as its document, or the refusal thrown. */
function read(answer) {
  const status = answer.status;
  const text = answer.body;
  answer.free();
  const document = JSON.parse(text);
  if (status !== 200) throw new GrundyError(status, document);
  return document;
}

/** Any request as `grundy serve` takes it: a method, a path with its query, a body. */
export function call(method, path, body) {
  const seed = 1 + Math.floor(Math.random() * 2 ** 31);
  return read(request(method, path, body === undefined ? "" : JSON.stringify(body), seed));
}

/** Sets the sizes requests may ask for (`max_cells`, `max_heap`, `table_cells`, `octal_values` up to 10,000,000, `misere_budget`); the rest stay the browser's. Starts afresh (computed tables are dropped); returns the new limits. */
export function configure(sizes) {
  return read(configureModule(JSON.stringify(sizes)));
}

const query = (parameters) =>
  new URLSearchParams(Object.entries(parameters).filter(([, v]) => v !== undefined)).toString();

export const games = () => call("GET", "/api/games");
export const limits = () => call("GET", "/api/limits");
export const schema = () => call("GET", "/api/schema");
export const solve = (request) => call("POST", "/api/solve", request);
export const explain = (request) => call("POST", "/api/explain", request);
export const values = (request) => call("POST", "/api/values", request);
export const play = (request) => call("POST", "/api/play", request);
export const parse = (request) => call("POST", "/api/parse", request);
export const moves = (request) => call("POST", "/api/moves", request);
export const newPosition = (request) => call("POST", "/api/new", request);
export const table = ({ game, rows, cols }) => call("GET", `/api/table?${query({ game, rows, cols })}`);
export const octal = ({ code, upto }) => call("GET", `/api/octal?${query({ code, upto })}`);
export const genera = ({ game, upto }) => call("GET", `/api/genera?${query({ game, upto })}`);
