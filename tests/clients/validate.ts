// What every smoke script checks of every response its client receives, against the committed
// document (Ajv, JSON Schema 2020-12): a documented status and content type, and a body the
// schema of that status and content type accepts (each NDJSON line against the line schema).
// And the run's tally: `expect` records a failure, `finish` prints the count and sets the exit
// status.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';

type Document = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
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

/**
 * Checks one response: `body` is its text, or (a client that parsed it already, as axios does)
 * the parsed value.
 */
export function checkResponse(method: string, url: string, status: number, contentTypeHeader: string | null, body: unknown): void {
  const path = new URL(url).pathname;
  const where = `${method.toUpperCase()} ${path} -> ${status}`;
  const documented = document.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  if (!documented) {
    expect(false, `${where}: status not documented`);
    return;
  }
  if (!documented.content) {
    expect(body === '' || body === undefined || body === null, `${where}: a body where the document has none`);
    validated += 1;
    return;
  }
  const contentType = (contentTypeHeader ?? '').split(';')[0]?.trim() ?? '';
  if (!(contentType in documented.content)) {
    expect(false, `${where}: content type ${contentType} not documented`);
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

/** A fetch Response, checked (read from a clone, so the client still reads it whole). */
export async function checkFetched(request: { method: string; url: string }, response: Response): Promise<void> {
  const text = await response.clone().text();
  checkResponse(request.method, response.url || request.url, response.status, response.headers.get('content-type'), text);
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

/** Prints the tally; exit status 1 on any failure or when nothing was checked. */
export function finish(client: string): void {
  console.log(`${client}: ${validated} responses validated against the document, ${failures.length} failures`);
  if (failures.length > 0 || validated === 0) process.exitCode = 1;
}
