import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from './http-error.ts';

/** Highest list index a form field may name (`items[1000][id]` is refused, not allocated). */
const MAX_INDEX = 1000;
const UNSAFE_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

type Tree = Record<string, unknown> | unknown[];

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

function emptyFor(segment: string): Tree {
  return isIndex(segment) ? [] : (Object.create(null) as Record<string, unknown>);
}

/** Places `value` at `segments` under `node`; false when the path contradicts what is there. */
function place(node: Tree, segments: string[], value: unknown): boolean {
  const [head, ...rest] = segments as [string, ...string[]];
  if (Array.isArray(node)) {
    if (!isIndex(head)) return false;
    const index = head === '' ? node.length : Number(head);
    if (index > MAX_INDEX) return false;
    if (rest.length === 0) {
      node[index] = value;
      return true;
    }
    if (node[index] === undefined) node[index] = emptyFor(rest[0] as string);
    const child = node[index] as Tree;
    return typeof child === 'object' && child !== null && place(child, rest, value);
  }
  if (rest.length === 0) {
    node[head] = value;
    return true;
  }
  const existing = node[head];
  const child = (existing ?? emptyFor(rest[0] as string)) as Tree;
  if (typeof child !== 'object' || child === null) return false;
  node[head] = child;
  return place(child, rest, value);
}

const compact = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.filter((entry) => entry !== undefined).map(compact);
  if (value && typeof value === 'object' && !(value instanceof File)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, compact(entry)]));
  }
  return value;
};

/**
 * Form data names nested values with brackets, as the spec's calls send them:
 * `libraries[0][id]=5`, `labels[]=3`. Nests them into lists and objects, so that JSON and form
 * bodies reach validation in one shape. Keys that climb into prototypes, indexes past 1000 and
 * contradicting paths (`a=1` and `a[b]=2`) are refused with 422.
 */
export function nestFormFields(flat: Record<string, unknown>): Record<string, unknown> {
  const root = Object.create(null) as Record<string, unknown>;
  const errors: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [key, raw] of Object.entries(flat)) {
    const match = KEY.exec(key);
    const segments = match
      ? [match[1] as string, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] as string)]
      : null;
    if (!segments || segments.some((segment) => UNSAFE_SEGMENTS.has(segment))) {
      errors[key] = ['Not a field name this call takes.'];
      continue;
    }
    // `labels[]=1&labels[]=2` arrives as one key with a list of values.
    const values = Array.isArray(raw) && segments.at(-1) === '' ? raw : [raw];
    for (const value of values) {
      if (!place(root, segments, value)) errors[key] = ['This field contradicts another, or its index is too large.'];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return compact(root) as Record<string, unknown>;
}

const SIGNATURES: [string, (bytes: Uint8Array) => boolean][] = [
  ['image/png', (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [
    'image/webp',
    (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP',
  ],
  ['image/bmp', (b) => b[0] === 0x42 && b[1] === 0x4d],
  ['application/zip', (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04],
];

/** The type a file's first bytes say it is (never the name or the claimed type). */
export function sniffType(bytes: Uint8Array): string {
  return SIGNATURES.find(([, test]) => test(bytes))?.[0] ?? 'application/octet-stream';
}

/** Multipart file parts (Buffers) as `File`s whose type is judged by their content. */
function filesFromParts(body: Record<string, unknown>): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    out[key] = Buffer.isBuffer(value) ? new File([new Uint8Array(value)], key, { type: sniffType(value) }) : value;
  }
  return out;
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)/i;

/** Form bodies (urlencoded, multipart) nested before validation; JSON bodies are left as sent. */
export function installFormFieldNesting(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const type = request.headers['content-type'] ?? '';
    if (!FORM_TYPES.test(type) || !request.body || typeof request.body !== 'object') return;
    request.body = nestFormFields(filesFromParts(request.body as Record<string, unknown>));
  });
}
