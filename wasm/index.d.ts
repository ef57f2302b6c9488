// Types of the sumpuzzles WebAssembly package (index.js). The JSON types themselves (requests,
// reports, puzzle objects, violations, problems) are written from the OpenAPI document when
// the package is built (pkg/api.d.ts, by scripts/api-types.mjs): they are the HTTP API's.

import type {
  CheckReport,
  CheckRequest,
  DailyReport,
  GenerateParameters,
  GenerateReport,
  Genre,
  GenreInfo,
  HintReport,
  HintRequest,
  Problem,
  PuzzleObject,
  RateReport,
  RateRequest,
  RenderRequest,
  SolveReport,
  SolveRequest,
} from './pkg/api.js';

export type * from './pkg/api.js';

/** What `init` loads: bytes, a compiled module, or a Response or URL to fetch. */
export type InitSource =
  | BufferSource
  | WebAssembly.Module
  | Response
  | Promise<Response>
  | URL
  | string;

/**
 * Loads the module; call once before anything else (again is a no-op). By default the
 * package's own .wasm: read from disk in Node, fetched next to index.js elsewhere.
 */
export function init(source?: InitSource): Promise<void>;

/** Loads the module from bytes or a compiled module, synchronously (a worker handed one). */
export function initSync(source: BufferSource | WebAssembly.Module): void;

/** The `Error` a failed call throws: the HTTP endpoint's problem details, on an Error. */
export interface ProblemError extends Error, Problem {
  /** The problem's `detail`. */
  message: string;
  /** The whole problem object, as the server's response body. */
  problem: Problem;
}

/** How a call that searches can be stopped. */
export interface CallOptions {
  /**
   * Called every 256 search steps; `true` (or a throw) stops the search with the `cancelled`
   * problem. It must read something that changes while the call runs: a SharedArrayBuffer
   * cell another thread sets, or the clock.
   */
  shouldStop?: () => boolean;
}

/** The request of the CLI's `format`: a puzzle source and nothing else. */
export type FormatRequest =
  | { genre: Genre; puzzle: PuzzleObject }
  | { genre?: Genre | null; id: string }
  | { genre?: Genre | null; text: string }
  | { genre?: Genre | null; url: string };

/** A puzzle in every format (what the CLI's `format` prints). */
export interface PuzzleForms {
  /** The puzzle's genre. */
  genre: Genre;
  /** The puzzle's ID. */
  id: string;
  /** The genre's text format. */
  text: string;
  /** The genre's JSON puzzle object. */
  puzzle: PuzzleObject;
  /** The puzz.link URL, for a genre puzz.link has and a puzzle it can show. */
  url?: string;
}

/** The registered genres with their defaults and limits, as `GET /genres`. */
export function genres(): GenreInfo[];
/** `genres()` as JSON text, byte for byte the server's body. */
export function genresJson(): string;

/**
 * Generates a puzzle, as `POST /generate` with this JSON body. Throws a ProblemError. Without
 * a `budget`, the server's default (40 000 000 steps for generation, 1 200 000 for the
 * operations on a puzzle); nothing caps a larger one.
 */
export function generate(request: GenerateParameters | string, options?: CallOptions): GenerateReport;
/** The parameters of `GET /daily`, as an object. */
export interface DailyParameters {
  genre: Genre;
  /** `<rows>x<cols>`; the genre's default when absent. */
  shape?: string;
  /** `easy`, `medium`, `hard`, `expert` or `any` (the default). */
  level?: string;
  /** `YYYY-MM-DD`, 2000-01-01 to 2099-12-31; today in UTC by the host's clock when absent. */
  date?: string;
  /** Whether the report carries the solution (default true). */
  solution?: boolean;
  budget?: number;
}
/**
 * The daily puzzle of a date, as `GET /daily`: the puzzle `generate` makes with the seed
 * YYYYMMDD.
 */
export function daily(request: DailyParameters | string, options?: CallOptions): DailyReport;
/** Solves a puzzle, as `POST /solve`. */
export function solve(request: SolveRequest | string, options?: CallOptions): SolveReport;
/** Rates a puzzle and proves whether it is unique, as `POST /rate`. */
export function rate(request: RateRequest | string, options?: CallOptions): RateReport;
/** The next hint for a player's answer, as `POST /hint`. */
export function hint(request: HintRequest | string, options?: CallOptions): HintReport;
/** Checks an answer, as `POST /check` (no search: nothing to stop). */
export function check(request: CheckRequest | string): CheckReport;
/** A puzzle in every format, as the CLI's `format`. */
export function format(request: FormatRequest | string): PuzzleForms;
/** Draws a puzzle, as `POST /render`: the SVG document, as text. */
export function render(request: RenderRequest | string, options?: CallOptions): string;

/** `generate()` on JSON text, returning JSON text (seeds above 2^53 exact). */
export function generateJson(request: string, options?: CallOptions): string;
/** `daily()` on JSON text, returning JSON text. */
export function dailyJson(request: string, options?: CallOptions): string;
/** `solve()` on JSON text, returning JSON text. */
export function solveJson(request: string, options?: CallOptions): string;
/** `rate()` on JSON text, returning JSON text. */
export function rateJson(request: string, options?: CallOptions): string;
/** `hint()` on JSON text, returning JSON text. */
export function hintJson(request: string, options?: CallOptions): string;
/** `check()` on JSON text, returning JSON text. */
export function checkJson(request: string): string;
/** `format()` on JSON text, returning JSON text. */
export function formatJson(request: string): string;
