// orval's fetch and axios clients of the committed document (orval.config.cjs) against a live
// service, each in its default call style: the fetch client's functions as generated (relative
// URLs, as on a page of the service's origin; every body parsed as JSON; no Accept set), the
// axios client through `getSumpuzzles(instance)` with only a base URL (axios' own query-array
// style `seeds[]=3&seeds[]=1`, its JSON parsing, its errors thrown for 4xx). Every endpoint for
// every genre GET /genres lists, a 400 and a 422 read as problems, every response checked
// against the document (validate.ts). Exit status 1 on any failure.
//
//     node dist/smoke-orval.js BASE_URL OPENAPI_JSON
import axios, { AxiosError, type AxiosResponse } from 'axios';

import * as orvalFetch from './generated/ts/orval-fetch/api';
import { getSumpuzzles, type GenreInfo } from './generated/ts/orval-axios/api';
import { checkResponse, everyOperationSucceeded, expect, fetchOnOrigin, finish, isProblem, loadDocument } from './validate';

const [base, documentPath] = process.argv.slice(2);
if (!base || !documentPath) throw new Error('usage: smoke-orval.js BASE_URL OPENAPI_JSON');
loadDocument(documentPath);
fetchOnOrigin(base);

// orval reads an answer whose document lists an image type (`image/svg+xml` beside the JSON) as
// a Blob, typed `RenderReport | Blob`: the JSON answer then arrives as a Blob of its text (in a
// browser; axios on Node, which has no Blob response type, hands over the text itself).
async function svgOf(value: unknown): Promise<string> {
  const report: unknown = value instanceof Blob ? JSON.parse(await value.text())
    : typeof value === 'string' ? JSON.parse(value) : value;
  return typeof report === 'object' && report !== null && 'svg' in report && typeof report.svg === 'string' ? report.svg : '';
}

/** The orval fetch client: every function's answer is `{ data, status, headers }`. */
async function fetchRound(info: orvalFetch.GenreInfo): Promise<void> {
  const { name: genre, default_shape: shape } = info;
  const level = orvalFetch.Level.easy;
  const where = `orval fetch ${genre}`;
  const byGet = await orvalFetch.generateGet({ genre, shape, level, seed: 1 });
  if (byGet.status !== 200) throw new Error(`${where}: GET /generate answered ${byGet.status}`);
  const report = byGet.data;
  const byQuery = await orvalFetch.generatePost(undefined, { genre, shape, level, seed: 1 });
  expect(byQuery.status === 200 && byQuery.data.id === report.id, `${where}: POST /generate with the query string only`);
  const byBody = await orvalFetch.generatePost({ genre, shape, level, seed: 2 });
  expect(byBody.status === 200 && byBody.data.seed === 2, `${where}: POST /generate with a body`);
  const day = await orvalFetch.daily({ genre, shape, level, date: '2025-03-14' });
  expect(day.status === 200 && day.data.seed === 20250314, `${where}: GET /daily for 2025-03-14`);

  // orval hands an answer that may be NDJSON over as the Response itself (`stream`), which its
  // types make the caller narrow: read as JSON, the default representation.
  const lines = await orvalFetch.batch(undefined, { genre, shape, level, seeds: [3, 1] });
  const array: unknown = 'stream' in lines ? await lines.stream.json() : lines.data;
  expect(Array.isArray(array) && array.map((line: { seed?: number }) => line.seed).join() === '3,1',
    `${where}: POST /generate/batch as one JSON array, in seed order`);

  const solved = await orvalFetch.solve({ id: report.id });
  expect(solved.status === 200 && solved.data.unique, `${where}: POST /solve by ID`);
  const rated = await orvalFetch.rate({ genre, puzzle: report.puzzle });
  expect(rated.status === 200 && rated.data.level === report.level, `${where}: POST /rate by puzzle object`);
  const solution = report.solution ?? [];
  const checked = await orvalFetch.check({ id: report.id, answer: solution });
  expect(checked.status === 200 && checked.data.solved, `${where}: POST /check of the solution`);
  const hinted = await orvalFetch.hint({ id: report.id, answer: solution });
  expect(hinted.status === 200 && hinted.data.kind === 'solved', `${where}: POST /hint of a solved answer`);
  const drawing = await orvalFetch.render({ id: report.id, solution: true });
  const svg = await svgOf(drawing.data);
  expect(drawing.status === 200 && svg.startsWith('<svg'), `${where}: POST /render as JSON`);
  const byId = await orvalFetch.renderGet({ id: report.id, solution: true });
  expect(byId.status === 200 && (await svgOf(byId.data)) === svg, `${where}: GET /render by ID as JSON`);

  const forms = await orvalFetch.format({ id: report.id });
  expect(forms.status === 200 && forms.data.text === report.text && forms.data.genre === genre, `${where}: POST /format by ID gives the text`);
  const fromText = await orvalFetch.format({ genre, text: report.text });
  expect(fromText.status === 200 && fromText.data.id === report.id, `${where}: POST /format of the text gives the ID`);
  // A sheet of this one puzzle, in the query string only; the client reads a PDF as a Blob.
  const sheet = await orvalFetch.booklet(undefined, { puzzles: [report.id], format: orvalFetch.Format.sheet });
  const pdf = sheet.data instanceof Blob ? await sheet.data.text() : '';
  expect(sheet.status === 200 && sheet.headers.get('content-type') === 'application/pdf' && pdf.startsWith('%PDF-'),
    `${where}: POST /booklet gives a PDF`);

  const malformed = await orvalFetch.solve({ genre, text: '@@@' });
  expect(malformed.status === 400 && isProblem(malformed.data), `${where}: a malformed puzzle is a 400 problem`);
  const outside = await orvalFetch.generateGet({ genre, shape: '999x999' });
  expect(outside.status === 422 && isProblem(outside.data) && outside.data.type === '/problems/limits',
    `${where}: a shape outside the limits is a 422 problem`);
  console.log(`  ok    ${where}`);
}

const instance = axios.create({ baseURL: base });
instance.interceptors.response.use(
  (response: AxiosResponse) => {
    checkAxios(response);
    return response;
  },
  (error: unknown) => {
    if (error instanceof AxiosError && error.response) checkAxios(error.response);
    return Promise.reject(error);
  },
);
const api = getSumpuzzles(instance);

function checkAxios(response: AxiosResponse): void {
  const url = instance.getUri(response.config);
  const contentType = response.headers['content-type'];
  checkResponse(response.config.method ?? 'get', new URL(url, base).toString(), response.status,
    typeof contentType === 'string' ? contentType : null, response.data);
}

/** An axios call's 4xx, which axios throws: its status and its parsed body. */
async function refused(call: Promise<AxiosResponse>): Promise<{ status: number; data: unknown }> {
  try {
    const response = await call;
    return { status: response.status, data: response.data };
  } catch (error) {
    if (error instanceof AxiosError && error.response) return { status: error.response.status, data: error.response.data };
    throw error;
  }
}

/** orval's axios client: axios' defaults, a base URL and nothing else. */
async function axiosRound(info: GenreInfo): Promise<void> {
  const { name: genre, default_shape: shape } = info;
  const level = 'easy' as const;
  const where = `orval axios ${genre}`;
  const { data: report } = await api.generateGet({ genre, shape, level, seed: 1 });
  const byQuery = await api.generatePost(undefined, { genre, shape, level, seed: 1 });
  expect(byQuery.data.id === report.id, `${where}: POST /generate with the query string only`);
  const byBody = await api.generatePost({ genre, shape, level, seed: 2 });
  expect(byBody.data.seed === 2, `${where}: POST /generate with a body`);
  const day = await api.daily({ genre, shape, level, date: '2025-03-14' });
  expect(day.data.seed === 20250314, `${where}: GET /daily for 2025-03-14`);

  // axios writes the query array as seeds[]=3&seeds[]=1.
  const lines = await api.batch(undefined, { genre, shape, level, seeds: [3, 1] });
  expect(Array.isArray(lines.data) && lines.data.map((line) => line.seed).join() === '3,1',
    `${where}: POST /generate/batch (seeds[]=...) as one JSON array, in seed order`);
  const counted = await api.batch({ genre, shape, level, count: 2, seed: 5 });
  expect(Array.isArray(counted.data) && counted.data.map((line) => line.seed).join() === '5,6', `${where}: a batch by count`);

  const solved = await api.solve({ id: report.id });
  expect(solved.data.unique, `${where}: POST /solve by ID`);
  const rated = await api.rate({ genre, puzzle: report.puzzle });
  expect(rated.data.level === report.level, `${where}: POST /rate by puzzle object`);
  const solution = report.solution ?? [];
  const checked = await api.check({ id: report.id, answer: solution });
  expect(checked.data.solved, `${where}: POST /check of the solution`);
  const hinted = await api.hint({ id: report.id, answer: solution });
  expect(hinted.data.kind === 'solved', `${where}: POST /hint of a solved answer`);
  const drawing = await api.render({ id: report.id, solution: true });
  const svg = await svgOf(drawing.data);
  expect(svg.startsWith('<svg'), `${where}: POST /render as JSON`);
  const byId = await api.renderGet({ id: report.id, solution: true });
  expect((await svgOf(byId.data)) === svg, `${where}: GET /render by ID as JSON`);

  const forms = await api.format({ id: report.id });
  expect(forms.data.text === report.text && forms.data.genre === genre, `${where}: POST /format by ID gives the text`);
  const fromText = await api.format({ genre, text: report.text });
  expect(fromText.data.id === report.id, `${where}: POST /format of the text gives the ID`);
  // A sheet of this one puzzle, in a body; the client asks axios for a Blob, which on Node
  // (no Blob response type) hands over the body as text.
  const sheet = await api.booklet({ puzzles: [report.id], format: 'sheet' });
  const data: unknown = sheet.data;
  const pdf = data instanceof Blob ? await data.text() : typeof data === 'string' ? data : '';
  expect(sheet.headers['content-type'] === 'application/pdf' && pdf.startsWith('%PDF-'), `${where}: POST /booklet gives a PDF`);

  const malformed = await refused(api.solve({ genre, text: '@@@' }));
  expect(malformed.status === 400 && isProblem(malformed.data), `${where}: a malformed puzzle is a 400 problem`);
  const outside = await refused(api.generateGet({ genre, shape: '999x999' }));
  expect(outside.status === 422 && isProblem(outside.data) && outside.data.type === '/problems/limits',
    `${where}: a shape outside the limits is a 422 problem`);
  console.log(`  ok    ${where}`);
}

async function main(): Promise<void> {
  const listed = await orvalFetch.genres();
  expect(listed.status === 200 && listed.data.length > 0, 'orval fetch: GET /genres lists the genres');
  expect((await orvalFetch.healthz()).status === 200, 'orval fetch: GET /healthz');
  expect((await orvalFetch.readyz()).status === 200, 'orval fetch: GET /readyz');
  for (const info of listed.status === 200 ? listed.data : []) await fetchRound(info);
  everyOperationSucceeded('orval fetch client');
  const { data: genres } = await api.genres();
  expect((await api.healthz()).status === 200, 'orval axios: GET /healthz');
  expect((await api.readyz()).status === 200, 'orval axios: GET /readyz');
  for (const info of genres) await axiosRound(info);
  finish('orval clients (fetch, axios)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
