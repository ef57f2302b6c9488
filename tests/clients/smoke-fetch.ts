// openapi-fetch over openapi-typescript's types against a live service, in openapi-fetch's
// default call style: `client.GET(path, { params })`, `client.POST(path, { body })`, every answer
// parsed as JSON (its default `parseAs`), no `Accept` set. Every endpoint for every genre
// GET /genres lists, a 400 and a 422 read as problems, every response checked against the
// committed document (validate.ts). Exit status 1 on any failure.
//
//     node dist/smoke-fetch.js BASE_URL OPENAPI_JSON
import createClient from 'openapi-fetch';

import type { components, paths } from './generated/ts/schema';
import { checkFetched, expect, finish, isProblem, loadDocument } from './validate';

type Schemas = components['schemas'];

const [base, documentPath] = process.argv.slice(2);
if (!base || !documentPath) throw new Error('usage: smoke-fetch.js BASE_URL OPENAPI_JSON');
loadDocument(documentPath);

const api = createClient<paths>({ baseUrl: base });
api.use({
  async onResponse({ request, response }) {
    await checkFetched(request, response);
    return response;
  },
});

async function genreRound(info: Schemas['GenreInfo']): Promise<void> {
  const { name: genre, default_shape: shape } = info;
  const level = 'easy' as const;
  const byGet = await api.GET('/generate', { params: { query: { genre, shape, level, seed: 1 } } });
  const report = byGet.data;
  if (!report) throw new Error(`${genre}: GET /generate answered ${byGet.response.status}`);
  const byQuery = await api.POST('/generate', { params: { query: { genre, shape, level, seed: 1 } } });
  expect(byQuery.data?.id === report.id, `${genre}: POST /generate with the query string only`);
  const byBody = await api.POST('/generate', { body: { genre, shape, level, seed: 2 } });
  expect(byBody.data?.seed === 2, `${genre}: POST /generate with a body`);
  const day = await api.GET('/daily', { params: { query: { genre, shape, level, date: '2025-03-14' } } });
  expect(day.data?.seed === 20250314, `${genre}: GET /daily for 2025-03-14 is seed 20250314`);

  const lines = await api.POST('/generate/batch', { params: { query: { genre, shape, level, seeds: [3, 1] } } });
  const batch = lines.data;
  expect(Array.isArray(batch) && batch.map((line) => line.seed).join() === '3,1',
    `${genre}: POST /generate/batch (seeds=3&seeds=1) as one JSON array, in seed order`);
  const counted = await api.POST('/generate/batch', { body: { genre, shape, level, count: 2, seed: 5 } });
  expect(Array.isArray(counted.data) && counted.data.map((line) => line.seed).join() === '5,6', `${genre}: a batch by count`);

  const solved = await api.POST('/solve', { body: { id: report.id } });
  expect(solved.data?.unique === true, `${genre}: POST /solve by ID`);
  const rated = await api.POST('/rate', { body: { genre, puzzle: report.puzzle } });
  expect(rated.data?.level === report.level, `${genre}: POST /rate by puzzle object`);
  const solution = report.solution ?? [];
  const checked = await api.POST('/check', { body: { id: report.id, answer: solution } });
  expect(checked.data?.solved === true, `${genre}: POST /check of the solution`);
  const hinted = await api.POST('/hint', { body: { id: report.id, answer: solution } });
  expect(hinted.data?.kind === 'solved', `${genre}: POST /hint of a solved answer`);
  const drawing = await api.POST('/render', { body: { id: report.id, solution: true } });
  const drawn = drawing.data;
  const svg = typeof drawn === 'object' && drawn !== null && 'svg' in drawn ? drawn.svg : '';
  expect(svg.startsWith('<svg'), `${genre}: POST /render as JSON`);
  const byId = await api.GET('/render', { params: { query: { id: report.id, solution: true } } });
  const byIdData = byId.data;
  expect(typeof byIdData === 'object' && byIdData !== null && 'svg' in byIdData && byIdData.svg === svg,
    `${genre}: GET /render by ID as JSON`);

  const forms = await api.POST('/format', { body: { id: report.id } });
  expect(forms.data?.text === report.text && forms.data.genre === genre, `${genre}: POST /format by ID gives the text`);
  const fromText = await api.POST('/format', { body: { genre, text: report.text } });
  expect(fromText.data?.id === report.id, `${genre}: POST /format of the text gives the ID`);
  // openapi-fetch parses JSON unless told otherwise (it does not look at the content type): a
  // PDF is asked for as a Blob, its documented way to read a binary answer.
  const sheet = await api.POST('/booklet', { params: { query: { puzzles: [report.id], format: 'sheet' } }, parseAs: 'blob' });
  const pdf = sheet.data instanceof Blob ? await sheet.data.text() : '';
  expect(sheet.response.status === 200 && sheet.response.headers.get('content-type') === 'application/pdf' && pdf.startsWith('%PDF-'),
    `${genre}: POST /booklet gives a PDF`);

  const malformed = await api.POST('/solve', { body: { genre, text: '@@@' } });
  expect(malformed.response.status === 400 && isProblem(malformed.error), `${genre}: a malformed puzzle is a 400 problem`);
  const outside = await api.GET('/generate', { params: { query: { genre, shape: '999x999' } } });
  expect(outside.response.status === 422 && isProblem(outside.error) && outside.error.type === '/problems/limits',
    `${genre}: a shape outside the limits is a 422 problem`);
  console.log(`  ok    ${genre}`);
}

async function main(): Promise<void> {
  const listed = (await api.GET('/genres')).data ?? [];
  expect(listed.length > 0, 'GET /genres lists the genres');
  expect((await api.GET('/healthz')).response.status === 200, 'GET /healthz');
  expect((await api.GET('/readyz')).response.status === 200, 'GET /readyz');
  for (const info of listed) await genreRound(info);
  finish('openapi-fetch client');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
