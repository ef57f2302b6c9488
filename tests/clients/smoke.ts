// The generated TypeScript client (@hey-api/openapi-ts) and types (openapi-typescript) against a
// live service. Compiled with `tsc --strict` (so the generated types must fit what this file does
// with them), then run: every endpoint for every genre GET /genres lists, a 400 and a 422 read as
// problems, and every response validated against the committed document (validate.ts). Exit
// status 1 on any failure.
//
//     node dist/smoke.js BASE_URL OPENAPI_JSON

import type { components, paths } from './generated/ts/schema';
import { client } from './generated/ts/hey/client.gen';
import {
  batch, booklet, check, daily, format, generateGet, generatePost, genres, healthz, hint, rate,
  readyz, render, renderGet, solve,
} from './generated/ts/hey/sdk.gen';
import type { GenreInfo } from './generated/ts/hey/types.gen';
import { UNMADE_SEED, checkFetched, expect, finish, isProblem, loadDocument } from './validate';

type Schemas = components['schemas'];

const [base, documentPath] = process.argv.slice(2);
if (!base || !documentPath) throw new Error('usage: smoke.js BASE_URL OPENAPI_JSON');
const document = loadDocument(documentPath);

// Every response the client receives is checked against the document.
client.setConfig({ baseUrl: base });
client.interceptors.response.use(async (response, request) => {
  await checkFetched(request, response);
  return response;
});

// Typed with openapi-typescript's types: Kakuro's run sum is a number to compute with, and the
// operations' paths are the document's.
function runTotalGap(violation: Schemas['KakuroViolation']): number {
  return 'sum' in violation ? violation.sum - violation.total : 0;
}
const operationPaths: (keyof paths)[] = [
  '/generate', '/daily', '/generate/batch', '/solve', '/rate', '/check', '/hint', '/render', '/format', '/booklet',
];

// The solution with its first mark changed: a digit to the next (in a caged grid of side N, the
// next of its N digits, 10-16 as A-G), a shaded cell unshaded.
function wrong(rows: string[], board: GenreInfo['board']): string[] {
  const out = [...rows];
  const caged = '123456789ABCDEFG'.slice(0, rows.length);
  for (const [r, row] of out.entries()) {
    for (const [c, ch] of [...row].entries()) {
      const changed = board === 'sum_grid' && /[1-9]/.test(ch) ? String((Number(ch) % 9) + 1)
        : board === 'shading' && ch === '#' ? '-'
        : board === 'caged' && caged.includes(ch) ? caged[(caged.indexOf(ch) + 1) % caged.length] : null;
      if (changed) {
        out[r] = row.slice(0, c) + changed + row.slice(c + 1);
        return out;
      }
    }
  }
  throw new Error(`no mark to change in ${rows.join('/')}`);
}


async function genreRound(info: GenreInfo): Promise<void> {
  const { name: genre, board, default_shape: shape } = info;
  const level = 'easy' as const;

  const byGet = await generateGet({ query: { genre, shape, level, seed: 1 } });
  const report = byGet.data;
  if (!report) throw new Error(`${genre}: GET /generate answered ${byGet.response.status}`);
  const byQuery = await generatePost({ query: { genre, shape, level, seed: 1 } });
  expect(byQuery.data?.id === report.id, `${genre}: POST /generate with the query string only`);
  const byBody = await generatePost({ body: { genre, shape, level, seed: 2 } });
  expect(byBody.data?.seed === 2, `${genre}: POST /generate with a body`);
  const drawn = await generatePost({ query: { genre, shape, level } });
  expect(drawn.data !== undefined && Number.isSafeInteger(drawn.data.seed), `${genre}: a drawn seed is a safe integer`);
  const bare = await generateGet({ query: { genre, shape, level, seed: 1, solution: false } });
  expect(bare.data !== undefined && bare.data.solution === undefined && bare.data.rating.deductions.length === 0,
    `${genre}: solution=false leaves the solution out`);
  const etag = byGet.response.headers.get('etag');
  expect(etag !== null && etag.startsWith('W/"'), `${genre}: a seeded puzzle has an ETag`);
  const notModified = await generateGet({ query: { genre, shape, level, seed: 1 }, headers: { 'If-None-Match': etag ?? '' } });
  expect(notModified.response.status === 304, `${genre}: If-None-Match gets 304`);

  const day = await daily({ query: { genre, shape, level, date: '2025-03-14' } });
  expect(day.data?.seed === 20250314 && day.data.date === '2025-03-14', `${genre}: GET /daily for 2025-03-14 is seed 20250314`);
  const today = await daily({ query: { genre, shape, level } });
  expect(today.response.status === 200 && (today.response.headers.get('cache-control') ?? '').startsWith('public, max-age='),
    `${genre}: GET /daily for today`);

  const inOrder = await batch({ query: { genre, shape, level, seeds: [3, 1] } });
  expect(Array.isArray(inOrder.data) && inOrder.data.map((line) => line.seed).join() === '3,1',
    `${genre}: POST /generate/batch as a JSON array, in seed order`);
  const streamed = await batch({ query: { genre, shape, level, seeds: [3, 1] }, headers: { Accept: 'application/x-ndjson' }, parseAs: 'text' });
  const lines = String(streamed.data ?? '').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Schemas['BatchLine']);
  expect(lines.map((line) => line.seed).join() === '3,1', `${genre}: POST /generate/batch as NDJSON, in seed order`);
  const array = await batch({ body: { genre, shape, level, count: 2, seed: 5 } });
  expect(Array.isArray(array.data) && array.data.map((line) => line.seed).join() === '5,6', `${genre}: a batch by count`);
  // A seed no other request makes: the service sends a seed's kept answer whatever the budget.
  const failed = await batch({ query: { genre, shape, level, seeds: [UNMADE_SEED], budget: 1 } });
  const line = failed.data?.[0];
  expect(line !== undefined && 'status' in line && line.status === 422, `${genre}: a failing seed's line is its problem`);

  const solved = await solve({ body: { id: report.id } });
  expect(solved.data?.unique === true && solved.data.solutions[0]?.join() === report.solution?.join(), `${genre}: POST /solve by ID`);
  const byText = await solve({ body: { genre, text: report.text } });
  expect(byText.data?.unique === true, `${genre}: POST /solve by text`);
  if (report.url) {
    const byUrl = await solve({ body: { url: report.url } });
    expect(byUrl.data?.unique === true, `${genre}: POST /solve by URL`);
  }
  const rated = await rate({ body: { genre, puzzle: report.puzzle } });
  expect(rated.data?.level === report.level, `${genre}: POST /rate by puzzle object`);
  const solution = report.solution ?? [];
  const checked = await check({ body: { id: report.id, answer: solution } });
  expect(checked.data?.solved === true, `${genre}: POST /check of the solution`);
  const broken = await check({ body: { id: report.id, answer: wrong(solution, board) } });
  expect(broken.data !== undefined && !broken.data.solved && broken.data.violations.length > 0, `${genre}: POST /check of a wrong answer`);
  for (const violation of broken.data?.violations ?? []) {
    if ('sum' in violation && typeof violation.sum === 'number' && 'down' in violation) {
      expect(Number.isInteger(runTotalGap(violation as Schemas['KakuroViolation'])), `${genre}: a run's sum is a number`);
    }
  }
  const fresh = solution.map((row) => [...row].map((ch) => (board === 'sum_grid' && ch === '#' ? '#' : '.')).join(''));
  const hinted = await hint({ body: { id: report.id, answer: fresh } });
  expect(hinted.data !== undefined && ['deduction', 'reveal'].includes(hinted.data.kind), `${genre}: POST /hint`);
  const drawing = await render({ body: { id: report.id, solution: true } });
  const drawn_ = drawing.data;
  expect(typeof drawn_ === 'object' && drawn_ !== null && 'svg' in drawn_ && drawn_.svg.startsWith('<svg'), `${genre}: POST /render as JSON`);
  const byId = await renderGet({ query: { id: report.id, solution: true } });
  const byId_ = byId.data;
  expect(typeof byId_ === 'object' && byId_ !== null && 'svg' in byId_ && typeof drawn_ === 'object' && byId_.svg === drawn_?.svg,
    `${genre}: GET /render by ID as JSON`);
  const svg = await render({ body: { id: report.id }, headers: { Accept: 'image/svg+xml' }, parseAs: 'text' });
  expect(String(svg.data).startsWith('<svg'), `${genre}: POST /render as SVG`);

  const forms = await format({ body: { id: report.id } });
  expect(forms.data?.text === report.text && forms.data.genre === genre, `${genre}: POST /format by ID gives the text`);
  const fromText = await format({ body: { genre, text: report.text } });
  expect(fromText.data?.id === report.id, `${genre}: POST /format of the text gives the ID`);
  // A sheet of this one puzzle, in the query string only; the client reads a PDF as a Blob.
  const sheet = await booklet({ query: { puzzles: [report.id], format: 'sheet' } });
  const pdf = sheet.data instanceof Blob ? await sheet.data.text() : '';
  expect(sheet.response.status === 200 && sheet.response.headers.get('content-type') === 'application/pdf' && pdf.startsWith('%PDF-'),
    `${genre}: POST /booklet gives a PDF`);

  const malformed = await solve({ body: { genre, text: '@@@' } });
  expect(malformed.response.status === 400 && isProblem(malformed.error) && malformed.error.status === 400,
    `${genre}: a malformed puzzle is a 400 problem`);
  const outside = await generateGet({ query: { genre, shape: '999x999' } });
  expect(outside.response.status === 422 && isProblem(outside.error) && outside.error.type === '/problems/limits',
    `${genre}: a shape outside the limits is a 422 problem`);
  const offPattern = await generateGet({ query: { genre, shape: '8X8' } });
  expect(offPattern.response.status === 400 && isProblem(offPattern.error) && offPattern.error.type === '/problems/syntax',
    `${genre}: a malformed shape is a 400 syntax problem`);
  console.log(`  ok    ${genre}`);
}

async function main(): Promise<void> {
  const listed = (await genres()).data ?? [];
  expect(listed.length > 0, 'GET /genres lists the genres');
  expect((await healthz()).response.status === 200, 'GET /healthz');
  expect((await readyz()).response.status === 200, 'GET /readyz');
  expect(operationPaths.every((path) => path in document.paths), 'every operation path is in the document');
  for (const info of listed) await genreRound(info);
  finish('typescript client (@hey-api/openapi-ts)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
