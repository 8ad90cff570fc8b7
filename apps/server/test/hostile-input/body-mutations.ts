import fc from 'fast-check';
import { baseBody, bytes, type HostileRequest, JSON_TYPE, type Mutation, request } from './hostile-request.ts';
import type { Operation } from './operations.ts';
import { hostileJson, hostileText, PROTOTYPE_NAMES } from './values.ts';

export const bodyField: Mutation = (op) => {
  const base = baseBody(op);
  if (!base) return null;
  const names = [...Object.keys(op.body?.properties ?? {}), ...Object.keys(base), 'unknown_field'];
  return fc.tuple(fc.constantFrom(...names), hostileJson).map(([name, { label, value }]) => {
    const body = JSON.stringify({ ...base, [name]: value });
    return request(op, `body field: ${label}`, body.slice(0, 160), { body: bytes(body) });
  });
};

export const bodyKeys: Mutation = (op) => {
  const base = baseBody(op);
  if (!base) return null;
  const names = Object.keys(base);
  return fc
    .oneof(
      fc
        .constantFrom(...PROTOTYPE_NAMES)
        .map((name) => ['prototype-named key', { ...base, ...Object.fromEntries([[name, 1]]) }] as const),
      fc
        .constantFrom(...PROTOTYPE_NAMES)
        .map(
          (name) =>
            [
              'prototype-named key holding an object',
              { ...base, ...Object.fromEntries([[name, { prototype: { admin: true } }]]) },
            ] as const,
        ),
      fc
        .constantFrom(...PROTOTYPE_NAMES)
        .map(
          (name) =>
            [
              'prototype-named key inside a field',
              { ...base, [names[0] ?? 'x']: Object.fromEntries([[name, 1]]) },
            ] as const,
        ),
      fc.string({ maxLength: 8 }).map((s) => ['NUL in a key', { ...base, [`${s}\u0000`]: 1 }] as const),
      fc.constant([
        'NUL in every text',
        Object.fromEntries(Object.entries(base).map(([k, v]) => [k, typeof v === 'string' ? `${v}\u0000` : v])),
      ] as const),
      fc.constant(['required field missing', {}] as const),
    )
    .map(([label, value]) => {
      const body = JSON.stringify(value);
      return request(op, `body: ${label}`, body.slice(0, 160), { body: bytes(body) });
    });
};

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'NaN',
  'nul',
  '[',
  '{"a":1}garbage',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '"\\',
  '{"a":01}',
  '\u0000',
  '\ufeff{}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2001)}`,
];

export const bodyJson: Mutation = (op) => {
  if (!op.body) return null;
  const base = JSON.stringify(baseBody(op));
  return fc
    .oneof(
      fc.constantFrom(...MALFORMED_JSON).map((text) => ['malformed JSON', text] as const),
      fc
        .constantFrom('[]', '"x"', '1', 'null', 'true', `[${base}]`)
        .map((text) => ['JSON that is not an object', text] as const),
      fc.constant(['empty JSON body', ''] as const),
      hostileText.map(({ value }) => ['JSON that is not an object', JSON.stringify(value)] as const),
      fc.nat(base.length).map((at) => ['truncated JSON', base.slice(0, at)] as const),
    )
    .map(([label, text]) =>
      request(op, `body: ${label}`, text.slice(0, 160), { body: bytes(text), headers: { 'content-type': JSON_TYPE } }),
    );
};

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16le',
  'application/JSON',
  'application/json;;',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  '*/*',
  'application/',
  'x',
];

export const contentType: Mutation = (op) => {
  const base = baseBody(op);
  if (!base) return null;
  const json = JSON.stringify(base);
  return fc
    .oneof(
      fc.constantFrom(...CONTENT_TYPES).map((type) => ['wrong content type', type, json] as const),
      fc.constant(['no content type', '', json] as const),
      fc
        .constantFrom(
          ...PROTOTYPE_NAMES.map((n) => `${n}=1`),
          ...PROTOTYPE_NAMES.map((n) => `${n}[x]=1`),
          `_method=${op.override ?? 'DELETE'}`,
          'a=%00',
          '%00=1',
          'a=1&a=2',
          '%',
          new URLSearchParams(Object.entries(base).map(([k, v]) => [k, String(v)])).toString(),
        )
        .map((form) => ['urlencoded form', 'application/x-www-form-urlencoded', form] as const),
    )
    .map(([label, type, text]) => {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      return request(op, `body: ${label}`, `${type}: ${text.slice(0, 120)}`, {
        body: bytes(text),
        headers,
      });
    });
};

export const BOUNDARY = 'hostile-boundary';

export function multipart(fields: [string, string][], file?: { name: string; filename: string }): string {
  const parts = fields.map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file)
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u0001binary\r\n`,
    );
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

export const multipartBody: Mutation = (op) => {
  const base = baseBody(op);
  if (!base) return null;
  const fields = Object.entries(base).map(([k, v]): [string, string] => [
    k,
    typeof v === 'string' ? v : JSON.stringify(v),
  ]);
  const good = multipart(fields);
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  return fc
    .oneof(
      fc.nat(good.length - 1).map((at) => ['truncated multipart', type, good.slice(0, at)] as const),
      fc.constant(['multipart without boundary', 'multipart/form-data', good] as const),
      fc.constant(['multipart with another boundary', 'multipart/form-data; boundary=other', good] as const),
      fc.constant(['multipart without closing delimiter', type, good.replace(`--${BOUNDARY}--\r\n`, '')] as const),
      fc.constant([
        'multipart part without name',
        type,
        `--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      ] as const),
      fc.constant([
        'multipart with too many fields',
        type,
        multipart(Array.from({ length: 1100 }, (_, i) => [`f${i}`, '1'])),
      ] as const),
      fc
        .constantFrom(...PROTOTYPE_NAMES)
        .map((name) => ['multipart prototype-named field', type, multipart([...fields, [name, '1']])] as const),
      hostileText.map(
        ({ value }) => ['multipart hostile field value', type, multipart(fields.map(([k]) => [k, value]))] as const,
      ),
      fc
        .constantFrom('../../etc/passwd', 'a\u0000.png', '', '%00')
        .map(
          (filename) =>
            ['multipart file part', type, multipart(fields, { name: fields[0]?.[0] ?? 'file', filename })] as const,
        ),
      fc.constant(['well-formed multipart', type, good] as const),
    )
    .map(([label, contentType, text]) =>
      request(op, `body: ${label}`, `${contentType}: ${JSON.stringify(text.slice(0, 120))}`, {
        body: bytes(text),
        headers: { 'content-type': contentType },
      }),
    );
};

/** Bodies of 11 MB, far past every body limit, as JSON and as multipart, for operations that take a body. */
export function largeBodies(op: Operation): HostileRequest[] {
  if (!op.body) return [];
  const size = 11 * 1024 * 1024;
  return [
    request(op, 'body: over 10 MB', 'application/json, 11 MB', {
      headers: { 'content-type': JSON_TYPE },
      body: { kind: 'large', size, head: '{"a":"', tail: '"}' },
    }),
    request(op, 'body: over 10 MB', 'multipart, 11 MB', {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: {
        kind: 'large',
        size,
        head: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n`,
        tail: `\r\n--${BOUNDARY}--\r\n`,
      },
    }),
  ];
}
