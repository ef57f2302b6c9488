// Types of the sumpuzzles WebAssembly package (index.js).

/** What `init` loads: bytes, a compiled module, or a Response or URL to fetch. */
export type InitSource =
  | BufferSource
  | WebAssembly.Module
  | Response
  | Promise<Response>
  | URL
  | string;

/** Loads the module; call once before anything else. Default: the package's own .wasm. */
export function init(source?: InitSource): Promise<void>;

/** Loads the module from bytes or a compiled module, synchronously. */
export function initSync(source: BufferSource | WebAssembly.Module): void;

/** The thrown `Error` of a failed call: the HTTP endpoint's problem details on an Error. */
export interface ProblemError extends Error {
  /** A URI reference naming the kind of problem, such as `/problems/limits`. */
  type: string;
  title: string;
  /** The HTTP status the server would answer with. */
  status: number;
  detail: string;
  /** Each problem found in the input, with where it is (absent when there are none). */
  problems?: Array<{ at: { kind: string; [key: string]: unknown }; message: string }>;
  /** The whole problem object, as the server's response body. */
  problem: {
    type: string;
    title: string;
    status: number;
    detail: string;
    problems?: Array<{ at: { kind: string; [key: string]: unknown }; message: string }>;
  };
}

/** A genre with its defaults and limits (`GET /genres`). */
export interface GenreInfo {
  name: string;
  default_shape: string;
  min_side: number;
  max_side: number;
  generator_version: number;
  profile: string;
}

/** The registered genres. */
export function genres(): GenreInfo[];
/** `genres()` as JSON text. */
export function genresJson(): string;

/** The body of `POST /generate`. */
export interface GenerateRequest {
  /** `kakuro`, `kakurasu` or `kakuro-cryptic`. */
  genre: string;
  /** `<rows>x<cols>`; the genre's default when absent. */
  shape?: string;
  /** `easy`, `medium`, `hard`, `expert` or `any` (the default). */
  level?: string;
  /** 0 to 2^63-1; random when absent. */
  seed?: number;
  /** Step budget, 1 to 10^12; 500 000 000 when absent. */
  budget?: number;
}

/** The response of `POST /generate` (see the OpenAPI document for every field). */
export interface GenerateReport {
  genre: string;
  id: string;
  puzzle: Record<string, unknown>;
  text: string;
  url?: string;
  solution: string[];
  level: string;
  shape: string;
  seed: number;
  generator_version: number;
  rating: Record<string, unknown>;
  stats: { attempts: number; restarts: number; steps: number; elapsed_ms: number };
  [field: string]: unknown;
}

export interface CallOptions {
  /** Called every few hundred search steps; true stops the search (`/problems/cancelled`). */
  shouldStop?: () => boolean;
}

/** Generates a puzzle; throws a ProblemError on failure. */
export function generate(request: GenerateRequest | string, options?: CallOptions): GenerateReport;
/** `generate()` on JSON text, returning JSON text. */
export function generateJson(request: string, options?: CallOptions): string;
