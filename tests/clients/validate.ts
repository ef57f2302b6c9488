// What every smoke script checks of every response its client receives, against the committed
// document (Ajv, JSON Schema 2020-12): a documented status and content type, and a body the
// schema of that status and content type accepts (each NDJSON line against the line schema; a
// binary body, such as `/booklet`'s PDF, by its media type's signature). And the run's tally:
// `expect` records a failure, `finish` prints the count, fails naming every operation of the
// document that never answered the client with a success (so that an endpoint added to the
// service cannot go untested by the smoke scripts), and sets the exit status.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';

type MediaType = { schema?: { format?: string } };
type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, MediaType> }> }>>;
};

const DOCUMENT_ID = 'urn:sumpuzzles:openapi';
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
ajv.addFormat('int32', true).addFormat('int64', true).addFormat('double', true).addFormat('float', true).addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
let document: Document = { paths: {} };

/** Reads the document that responses are checked against. */
export function loadDocument(path: string): Document {
  const text = readFileSync(path, 'utf8');
  document = JSON.parse(text) as Document;
  ajv.addSchema(JSON.parse(text), DOCUMENT_ID);
  return document;
}

const failures: string[] = [];
let validated = 0;
// The operations (`METHOD /path`) that answered a success (2xx) since the last
// `everyOperationSucceeded`.
const succeeded = new Set<string>();
// What a binary body of a media type starts with.
const signatures: Record<string, string> = { 'application/pdf': '%PDF-' };
const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export function expect(ok: boolean, message: string): void {
  if (!ok) {
    failures.push(message);
    console.log(`  FAIL  ${message}`);
  }
}

const pointer = (...parts: string[]): string =>
  parts.map((part) => '/' + part.replaceAll('~', '~0').replaceAll('/', '~1')).join('');

function validateBody(where: string, ref: string, instance: unknown): void {
  const validate = ajv.getSchema(ref);
  if (!validate) {
    expect(false, `${where}: no schema at ${ref}`);
    return;
  }
  if (!validate(instance)) {
    for (const error of (validate.errors ?? []).slice(0, 3)) {
      expect(false, `${where}: ${error.instancePath} ${error.message ?? ''}`);
    }
  }
}

/** A Content-Type header's media type, without its parameters. */
function mediaType(header: string | null): string {
  return (header ?? '').split(';')[0]?.trim() ?? '';
}

/** The first characters of a body given as text or as bytes (a binary body's signature is ASCII). */
function leading(body: unknown, length: number): string {
  if (typeof body === 'string') return body.slice(0, length);
  const bytes = body instanceof ArrayBuffer ? new Uint8Array(body)
    : ArrayBuffer.isView(body) ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array();
  return String.fromCharCode(...bytes.subarray(0, length));
}

/**
 * Checks one response: `body` is its text, or (a client that parsed it already, as axios does)
 * the parsed value, or a binary body's bytes.
 */
export function checkResponse(method: string, url: string, status: number, contentTypeHeader: string | null, body: unknown): void {
  const path = new URL(url).pathname;
  const where = `${method.toUpperCase()} ${path} -> ${status}`;
  const documented = document.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  if (!documented) {
    expect(false, `${where}: status not documented`);
    return;
  }
  if (status >= 200 && status < 300) succeeded.add(`${method.toUpperCase()} ${path}`);
  if (!documented.content) {
    expect(body === '' || body === undefined || body === null, `${where}: a body where the document has none`);
    validated += 1;
    return;
  }
  const contentType = mediaType(contentTypeHeader);
  if (!(contentType in documented.content)) {
    expect(false, `${where}: content type ${contentType} not documented`);
    return;
  }
  if (documented.content[contentType]?.schema?.format === 'binary') {
    const signature = signatures[contentType] ?? '';
    const start = leading(body, signature.length + 1);
    expect(start.length > signature.length && start.startsWith(signature),
      `${where}: a ${contentType} body starts with ${signature} (${JSON.stringify(start)})`);
    validated += 1;
    return;
  }
  const schema = `${DOCUMENT_ID}#${pointer('paths', path, method.toLowerCase(), 'responses', String(status), 'content', contentType, 'schema')}`;
  const text = typeof body === 'string' ? body : undefined;
  if (contentType === 'application/x-ndjson') {
    expect(text !== undefined && text.endsWith('\n'), `${where}: NDJSON lines end with a newline`);
    for (const line of (text ?? '').split('\n').filter(Boolean)) {
      validateBody(where, `${DOCUMENT_ID}#/components/schemas/BatchLine`, JSON.parse(line));
    }
  } else if (contentType.endsWith('json')) {
    validateBody(where, schema, text === undefined ? body : JSON.parse(text));
  } else {
    validateBody(where, schema, text);
  }
  validated += 1;
}

/**
 * A fetch Response, checked (read from a clone, so the client still reads it whole): as text,
 * or as bytes when its media type is a binary one with a signature.
 */
export async function checkFetched(request: { method: string; url: string }, response: Response): Promise<void> {
  const contentType = response.headers.get('content-type');
  const copy = response.clone();
  const body = mediaType(contentType) in signatures ? await copy.arrayBuffer() : await copy.text();
  checkResponse(request.method, response.url || request.url, response.status, contentType, body);
}

/**
 * The global `fetch` as a page on the service's origin has it: a relative URL (the document's
 * `servers` is `/`) is resolved against `base`, and every response is checked.
 */
export function fetchOnOrigin(base: string): void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), base), init);
    const response = await original(request);
    await checkFetched(request, response);
    return response;
  };
}

/** Whether a parsed body is a problem object (RFC 9457), whichever client's type it has. */
export function isProblem(value: unknown): value is { type: string; status: number; title?: string; detail?: string } {
  return typeof value === 'object' && value !== null && 'type' in value && 'status' in value;
}

/**
 * Fails naming every operation of the document that has not answered with a success since the
 * last call, and starts counting again (a script that runs two clients asks after the first).
 */
export function everyOperationSucceeded(client: string): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item).filter((key) => httpMethods.includes(key))) {
      const operation = `${method.toUpperCase()} ${path}`;
      expect(succeeded.has(operation), `${client}: ${operation} is in the document but never answered the smoke script with a success`);
    }
  }
  succeeded.clear();
}

/**
 * Prints the tally; exit status 1 on any failure, on an operation of the document that never
 * answered the client with a success, or when nothing was checked.
 */
export function finish(client: string): void {
  everyOperationSucceeded(client);
  console.log(`${client}: ${validated} responses validated against the document, ${failures.length} failures`);
  if (failures.length > 0 || validated === 0) process.exitCode = 1;
}

/**
 * A seed that no smoke script generates: a batch line for it under `budget=1` fails, whereas a
 * seed some request already made is answered from the service's kept answers whatever the
 * budget (src/http/answers.rs). Failures are not kept, so every script may ask for it.
 */
export const UNMADE_SEED = 7777777;
