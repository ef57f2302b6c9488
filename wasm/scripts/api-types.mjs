// Writes the TypeScript declarations of the HTTP API's JSON (every request and report the
// package's functions take and return) from the OpenAPI document, whose schemas the Rust types
// derive (the snapshot test in tests/http/service.rs keeps the document equal to them):
//
//   node wasm/scripts/api-types.mjs [openapi/openapi.json] > wasm/pkg/api.d.ts
//
// scripts/build-wasm.sh runs it, so the declarations are those of the engine that was built.
// It knows the parts of JSON Schema that utoipa writes: $ref, oneOf/anyOf (unions), allOf
// (intersections), objects with properties, required and additionalProperties, arrays, enums,
// and a type list with "null".

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const documentPath =
  process.argv[2] ?? fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url));
const document = JSON.parse(readFileSync(documentPath, 'utf8'));
const schemas = document.components.schemas;

const PRIMITIVES = { integer: 'number', number: 'number', string: 'string', boolean: 'boolean', null: 'null' };

/** A JSDoc comment of `text` at `indent`, or nothing. */
function doc(text, indent) {
  if (!text) return '';
  const lines = text.split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

/** The TypeScript type of a schema, at `indent` for its object members. */
function type(schema, indent = '') {
  if (schema.$ref) return schema.$ref.split('/').pop();
  if (schema.oneOf || schema.anyOf) {
    return union((schema.oneOf ?? schema.anyOf).map((member) => type(member, indent)));
  }
  if (schema.allOf) return schema.allOf.map((member) => type(member, indent)).join(' & ');
  if (schema.enum) return union(schema.enum.map((value) => JSON.stringify(value)));
  const kinds = Array.isArray(schema.type) ? schema.type : [schema.type];
  return union(kinds.map((kind) => single(kind, schema, indent)));
}

function single(kind, schema, indent) {
  if (kind === 'array') return `Array<${type(schema.items ?? {}, indent)}>`;
  if (kind === 'object' || (kind === undefined && schema.properties)) return object(schema, indent);
  if (kind === undefined) return 'unknown';
  return PRIMITIVES[kind];
}

function object(schema, indent) {
  const inner = `${indent}  `;
  const required = new Set(schema.required ?? []);
  // A nullable reference (`oneOf: [null, {$ref, description}]`) has its description on the
  // reference.
  const described = (property) =>
    property.description ?? (property.oneOf ?? []).find((member) => member.description)?.description;
  const members = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `${doc(described(property), inner)}${inner}${name}${required.has(name) ? '' : '?'}: ${type(property, inner)};\n`,
  );
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object') {
    members.push(`${inner}[key: string]: ${type(extra, inner)};\n`);
  }
  return members.length ? `{\n${members.join('')}${indent}}` : 'Record<string, never>';
}

function union(members) {
  const unique = [...new Set(members)];
  return unique.length === 1 ? unique[0] : unique.map((member) => (member.includes('&') ? `(${member})` : member)).join(' | ');
}

let out = `// The HTTP API's JSON types, written by wasm/scripts/api-types.mjs from ${documentPath.split('/').slice(-2).join('/')}
// (OpenAPI ${document.info?.version ?? ''}). Do not edit: build the package again.\n`;
for (const [name, schema] of Object.entries(schemas)) {
  out += `\n${doc(schema.description, '')}export type ${name} = ${type(schema)};\n`;
}
process.stdout.write(out);
