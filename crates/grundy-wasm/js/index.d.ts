// Types of grundy-wasm's API. The documents are those of grundy's wire
// format; their full JSON Schema is `schema()` (or /api/schema of
// `grundy serve`). Positions and moves are tagged by `kind`.

/** A position of a game, as the wire format writes it (`kind` names its shape). */
export type Position = { kind: string; [field: string]: unknown };
/** A move, as the wire format writes it. */
export type Move = { [field: string]: unknown };

export interface GameInfo {
  name: string; title: string; parameter: string | null; summary: string; rules: string;
  example: string; kind: string; players: [string, string]; move_help: string; misere: boolean;
  examples: { judge: string; answers: string; won: string; winning_move: string;
    illegal_move: string; bad_input: string; bad_line: number };
}
export interface GameList { format: number; games: GameInfo[] }
export interface Limits {
  format: number; max_cells: number; max_heap: number; table_cells: number; octal_values: number;
  octal_digits: number; genera: number; listed_moves: number; misere_budget: number; seconds: number | null;
}
export interface SolveRequest { game: string; position: Position; listed?: number; misere?: boolean }
export interface ExplainRequest { game: string; position: Position; listed?: number }
export interface ValuesRequest { game: string; position: Position; listed?: number; misere?: boolean }
/** Every legal move marked winning or losing, with its remoteness where known (`POST /api/values`). */
export interface ValueMoves {
  format: number; game: string; position: Position; wins: boolean; remoteness: number | null;
  moves: { move: { move: Move; notation: string; text: string }; wins: boolean; remoteness: number | null; nim_sum: string | null }[];
  valued: number; winning: number; winning_in_all: string; more: boolean;
}
export interface PlayRequest { game: string; position: Position; move?: Move; reply?: boolean; misere?: boolean }
export interface ParseRequest { game: string; text: string }
export interface MovesRequest { game: string; position: Position; listed?: number }
export interface NewRequest { game: string; seed?: number; size?: [number, number]; misere?: boolean }
/** The analysis `grundy solve --format json` writes. */
export interface Analysis {
  format: number; game: string; position: Position; winner: "first" | "second"; winner_name: string;
  /** The nim-sum of the components' values, as a decimal string (values may pass 2^53). */
  nim_sum: string; winning_move_count: string; [field: string]: unknown;
}
export interface Parsed { format: number; game: string; position: Position }
export interface Document { format: number; [field: string]: unknown }

export class GrundyError extends Error { status: number; kind: string }

export default function init(input?: { module_or_path?: unknown } | unknown): Promise<unknown>;
export function load(module: BufferSource | WebAssembly.Module): void;
export function version(): string;
export function call(method: "GET" | "POST", path: string, body?: unknown): Document;
export function games(): GameList;
export function limits(): Limits;
/** Sets the sizes requests may ask for; the rest stay the browser's. Starts afresh (computed tables are dropped). */
export function configure(sizes: { max_cells?: number; max_heap?: number; table_cells?: number; octal_values?: number; misere_budget?: number }): Limits;
export function schema(): Document;
export function solve(request: SolveRequest): Analysis;
/** Each component's options with their values and mex, the nim-sum, and the move that makes it *0 (as `grundy explain --format json`). */
export function explain(request: ExplainRequest): Document;
/** Every legal move marked winning or losing, with its remoteness where known. */
export function values(request: ValuesRequest): ValueMoves;
export function play(request: PlayRequest): Document;
export function parse(request: ParseRequest): Parsed;
export function moves(request: MovesRequest): Document;
export function newPosition(request: NewRequest): Parsed;
export function table(query: { game: string; rows: number; cols: number }): Document;
export function octal(query: { code: string; upto?: number }): Document;
export function genera(query: { game: string; upto?: number }): Document;
