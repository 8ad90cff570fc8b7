import fc from 'fast-check';
import { LIST_PARAMS } from '#core/list/list-query.ts';
import { type Mutation, type OperationContext, request } from './hostile-request.ts';
import { fillPath, type Operation } from './operations.ts';
import { hostileEncoded, PROTOTYPE_NAMES } from './values.ts';

export const pathParameter: Mutation = (op) =>
  op.pathParams.length === 0
    ? null
    : fc.tuple(fc.constantFrom(...op.pathParams), hostileEncoded).map(([param, { label, value }]) =>
        request(op, `path parameter: ${label}`, `${param.name}=${value.slice(0, 80)}`, {
          path: fillPath(op, { name: param.name, segment: value }),
        }),
      );

const SHAPES: { label: string; apply: (path: string, at: number) => string }[] = [
  { label: 'one letter percent-encoded', apply: (p, at) => encodeLetter(p, at, false) },
  { label: 'one letter percent-encoded in lower case hex', apply: (p, at) => encodeLetter(p, at, true) },
  {
    label: 'every letter percent-encoded',
    apply: (p) => p.replace(/[a-z0-9]/gi, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  },
  { label: 'upper case', apply: (p) => p.toUpperCase() },
  { label: 'doubled slash', apply: (p, at) => spliceSlash(p, at, '//') },
  { label: 'encoded slash', apply: (p, at) => spliceSlash(p, at, '%2F') },
  { label: 'backslash', apply: (p, at) => spliceSlash(p, at, '\\') },
  { label: 'dot segment', apply: (p, at) => spliceSlash(p, at, '/./') },
  { label: 'encoded dot segment', apply: (p, at) => spliceSlash(p, at, '/%2e%2e/x/') },
  { label: 'parent segment', apply: (p, at) => spliceSlash(p, at, '/x/../') },
  {
    label: 'suffix',
    apply: (p, at) => `${p}${['/', '%00', ';', ';x=1', '%20', '.json', '?', '%3F', '#x', '%2F', '/.', '~'][at % 12]}`,
  },
];

function encodeLetter(path: string, at: number, lower: boolean): string {
  const letters = [...path.matchAll(/[a-z0-9]/gi)].map((m) => m.index);
  const index = letters[at % letters.length] ?? 1;
  const hex = path.charCodeAt(index).toString(16);
  return `${path.slice(0, index)}%${lower ? hex : hex.toUpperCase()}${path.slice(index + 1)}`;
}

function spliceSlash(path: string, at: number, replacement: string): string {
  const slashes = [...path.matchAll(/\//g)].map((m) => m.index);
  const index = slashes[at % slashes.length] ?? 0;
  return `${path.slice(0, index)}${replacement}${path.slice(index + 1)}`;
}

export const pathShape: Mutation = (op) =>
  fc.tuple(fc.constantFrom(...SHAPES), fc.nat(1000)).map(([shape, at]) => {
    const path = shape.apply(fillPath(op), at);
    return request(op, `path: ${shape.label}`, path.slice(0, 120), { path });
  });

const QUERY_FORMS: { label: string; make: (name: string) => string }[] = [
  { label: 'as a query key', make: (n) => `${n}=1` },
  { label: 'as a nested query key', make: (n) => `${n}[x]=1` },
  { label: 'as a filter[...] name', make: (n) => `filter[${n}]=1` },
  { label: 'as a nested filter name', make: (n) => `filter[${n}][x]=1` },
  { label: 'as sort', make: (n) => `sort=${n}` },
  { label: 'as descending sort', make: (n) => `sort=-${n}` },
  { label: 'as included_fields', make: (n) => `included_fields=${n}` },
  { label: 'as excluded_fields', make: (n) => `excluded_fields=${n}` },
];

export const prototypeQuery: Mutation = (op) =>
  fc.tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom(...QUERY_FORMS)).map(([name, form]) => {
    const query = form.make(name);
    return request(op, `query: prototype name ${form.label}`, query, { query });
  });

/** The list parameters the server reads, and the search parameters some routes take. */
const QUERY_PARAMS = [...LIST_PARAMS, 'q', 'search'];

function queryKeys(op: Operation, context: OperationContext): string[] {
  return [
    ...QUERY_PARAMS,
    ...op.queryParams.map((p) => p.name),
    ...context.fields.map((f) => `filter[${f}]`),
    ...context.fields.map((f) => `filter[${f}][]`),
  ];
}

export const queryValue: Mutation = (op, context) =>
  fc.tuple(fc.constantFrom(...queryKeys(op, context)), hostileEncoded).map(([key, { label, value }]) => {
    const query = `${key}=${value}`;
    return request(op, `query value: ${label}`, query.slice(0, 120), { query });
  });

export const queryShape: Mutation = (op, context) => {
  const field = context.fields[0] ?? 'id';
  return fc
    .oneof(
      fc.constantFrom(
        ['array for a scalar', 'per_page=1&per_page=2'],
        ['array for a scalar', 'page[]=1'],
        ['array for a scalar', 'sort=id&sort=-id'],
        ['array for a scalar', `filter[${field}]=1&filter[${field}]=2`],
        ['array for a scalar', 'included_fields[]=id'],
        ['array for a scalar', 'count[a]=1'],
        ['field names', `sort=${context.fields.map((f) => `-${f}`).join(',')}`],
        ['field names', `included_fields=${context.fields.join(',')}`],
        ['NUL in a query', '%00=1'],
        ['NUL in a query', `filter[${field}]=a%00b`],
        ['NUL in a query', `sort=${field}%00`],
        ['NUL in a query', `included_fields=${field}%00`],
        ['NUL in a query', 'q=%00'],
        ['NUL in a query', 'per_page=1%00'],
        ['malformed query', '%'],
        ['malformed query', 'a=%'],
        ['malformed query', '&&=&'],
        ['malformed query', 'filter=1'],
        ['malformed query', 'filter[]=1'],
        ['malformed query', `filter[${field}=1`],
        ['malformed query', '_method=DELETE'],
        ['malformed query', 'sort=,,,-'],
        ['malformed query', 'per_page=100000&page=9007199254740993'],
      ),
      fc
        .tuple(hostileEncoded, hostileEncoded)
        .map(([k, v]) => [`unknown query key: ${k.label}`, `${k.value}=${v.value}`]),
    )
    .map(([label, query = '']) => request(op, `query: ${label}`, query.slice(0, 120), { query }));
};

export const credentials: Mutation = (op) =>
  fc
    .oneof(
      fc
        .string({ unit: 'binary-ascii', minLength: 20, maxLength: 100 })
        .map((s) => ({ authorization: `Bearer ${s.replace(/[^\x21-\x7e]/g, 'a')}` })),
      fc.constantFrom(
        { authorization: 'Bearer' },
        { authorization: 'Basic YWRtaW46YWRtaW4=' },
        { authorization: `Bearer ${'a'.repeat(5000)}` },
      ),
      fc.constantFrom(
        { cookie: 'user_session=%00' },
        { cookie: 'user_session=' },
        { cookie: `user_session=${'b'.repeat(43)}` },
        { cookie: '__proto__=1; constructor=2' },
      ),
    )
    .map((headers) =>
      request(op, 'credentials: forged', JSON.stringify(headers).slice(0, 120), {
        headers: { ...headers, origin: 'http://evil.test' },
      }),
    );

/** Every kind of hostile request, each an arbitrary per operation (null where it does not apply). */
