import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkBodyShape, keyProblem, shownKey } from './body-shape.ts';
import { fieldErrors } from './error-handler.ts';
import { ValidationError } from './http-error.ts';
import { REQUEST_LIMITS } from './request-limits.ts';

const UNSAFE_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

type Tree = Record<string, unknown> | unknown[];

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);
const isTree = (value: unknown): value is Tree =>
  typeof value === 'object' && value !== null && !(value instanceof File) && !Buffer.isBuffer(value);

/** `a[b][0]` → ['a', 'b', '0'], or null when it is no field name (`a]b`, `[x]`). */
function segmentsOf(key: string): string[] | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const segments = [match[1] as string];
  for (const bracket of (match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)) segments.push(bracket[1] as string);
  return segments;
}

/**
 * Places `value` at `segments` under `root`, one level per turn of the loop; false when the path
 * contradicts what is there or names an index past the list limit. New lists are noted in `lists`.
 */
function place(root: Tree, segments: string[], value: unknown, lists: unknown[][]): boolean {
  let node: Tree = root;
  for (let level = 0; level < segments.length; level++) {
    const head = segments[level] as string;
    const last = level === segments.length - 1;
    let slot: string | number = head;
    if (Array.isArray(node)) {
      if (!isIndex(head)) return false;
      slot = head === '' ? node.length : Number(head);
      if (slot >= REQUEST_LIMITS.arrayLength) return false;
    }
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[slot] = value;
      return true;
    }
    if (container[slot] === undefined) {
      const next = segments[level + 1] as string;
      const child: Tree = isIndex(next) ? [] : (Object.create(null) as Record<string, unknown>);
      if (Array.isArray(child)) lists.push(child);
      container[slot] = child;
    }
    const child = container[slot];
    if (!isTree(child)) return false;
    node = child;
  }
  return true;
}

/**
 * Form data names nested values with brackets, as the spec's calls send them:
 * `libraries[0][id]=5`, `labels[]=3`. Nests them into lists and objects, so that JSON and form
 * bodies reach validation in one shape. Names past the length or depth limits, names that climb
 * into prototypes, indexes past the list limit and contradicting paths (`a=1` and `a[b]=2`) are
 * refused with 422, each name judged before anything is built for it.
 */
export function nestFormFields(flat: Record<string, unknown>): Record<string, unknown> {
  const root = Object.create(null) as Record<string, unknown>;
  const lists: unknown[][] = [];
  const errors = fieldErrors();
  let errorCount = 0;
  for (const [key, raw] of Object.entries(flat)) {
    if (errorCount >= REQUEST_LIMITS.validationErrors) break;
    const fail = (message: string) => {
      errors[shownKey(key)] = [message];
      errorCount++;
    };
    // The length first: a longer name is not even split.
    const tooLong = keyProblem(key, 1);
    if (tooLong) {
      fail(tooLong);
      continue;
    }
    const segments = segmentsOf(key);
    if (!segments || segments.some((segment) => UNSAFE_SEGMENTS.has(segment))) {
      fail('Not a field name this call takes.');
      continue;
    }
    const tooDeep = keyProblem(key, segments.length);
    if (tooDeep) {
      fail(tooDeep);
      continue;
    }
    // `labels[]=1&labels[]=2` arrives as one key with a list of values.
    const values = Array.isArray(raw) && segments.at(-1) === '' ? raw : [raw];
    for (const value of values) {
      if (!place(root, segments, value, lists)) {
        fail('This field contradicts another, or its index is too large.');
        break;
      }
    }
  }
  if (errorCount > 0) throw new ValidationError(errors);
  // Lists named by index may have gaps (`items[2]` without `items[1]`): entries keep their order.
  for (const list of lists) {
    const entries = list.filter((entry) => entry !== undefined);
    list.length = 0;
    list.push(...entries);
  }
  const body = { ...root };
  checkBodyShape(body);
  return body;
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
