// The package as a whole: what package.json ships exists, and index.d.ts declares exactly the
// functions index.js exports (the declarations' own types are checked by `npm run typecheck`).

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import * as sumpuzzles from '../index.js';

const file = (path) => new URL(`../${path}`, import.meta.url);

test('every file package.json ships is there', () => {
  const { files, exports } = JSON.parse(readFileSync(file('package.json'), 'utf8'));
  const shipped = [...files, ...Object.values(exports).flatMap((entry) =>
    typeof entry === 'string' ? [entry] : Object.values(entry),
  )];
  for (const path of shipped) assert.ok(existsSync(file(path)), path);
});

test('index.d.ts declares every function index.js exports, and no other', () => {
  const declared = [...readFileSync(file('index.d.ts'), 'utf8').matchAll(/^export function (\w+)/gm)]
    .map(([, name]) => name)
    .sort();
  const exported = Object.entries(sumpuzzles)
    .filter(([, value]) => typeof value === 'function')
    .map(([name]) => name)
    .sort();
  assert.deepEqual(declared, exported);
});

test('pkg/api.d.ts declares every schema of the OpenAPI document', () => {
  const { components } = JSON.parse(readFileSync(file('../openapi/openapi.json'), 'utf8'));
  const types = readFileSync(file('pkg/api.d.ts'), 'utf8');
  for (const name of Object.keys(components.schemas)) {
    assert.match(types, new RegExp(`^export type ${name} = `, 'm'), name);
  }
});
