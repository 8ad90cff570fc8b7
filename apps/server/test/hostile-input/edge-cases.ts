import { BOUNDARY, multipart } from './body-mutations.ts';
import { baseBody, bytes, type HostileRequest, JSON_TYPE, type OperationContext, request } from './hostile-request.ts';
import { fillPath, type Operation } from './operations.ts';
import { PROTOTYPE_NAMES } from './values.ts';

/**
 * The named kinds of hostile input, each tried once on every operation, whatever the random
 * draw: the generated cases vary them, these make sure none is left out for an operation.
 */
const PATH_VALUES: [string, string[]][] = [
  ['id between 2^31 and 2^53', ['2147483648', '4294967296', '9007199254740991']],
  ['number-like text', ['9007199254740993', '-1', '0', '1.5', '1e3']],
  ['encoded NUL', ['%00', '1%00']],
  ['long string', ['x'.repeat(2000)]],
  ['prototype name', ['__proto__', 'constructor']],
  ['unicode', ['%F0%9F%98%80', '%C3%A9']],
  ['encoded separators', ['..%2F..%2Fadmin', '%2e%2e']],
];

/** Percent-encoded letters in the fixed part of the path (`/%762/...`): routed the same, checked the same? */
export function pathEdgeCases(op: Operation): HostileRequest[] {
  const path = fillPath(op);
  return [
    `/%76${path.slice(2)}`,
    `/v%32${path.slice(3)}`,
    path.replace(/[a-z0-9]/gi, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  ].map((encoded) => request(op, 'path: percent-encoded letters', encoded, { path: encoded }));
}

function queryEdgeCases(op: Operation, context: OperationContext): HostileRequest[] {
  const field = context.fields[0] ?? 'id';
  const out: HostileRequest[] = [];
  for (const name of PROTOTYPE_NAMES) {
    const forms: [string, string][] = [
      ['as a query key', `${name}=1`],
      ['as a filter[...] name', `filter[${name}]=1`],
      ['as sort', `sort=${name}`],
      ['as included_fields', `included_fields=${name}`],
    ];
    for (const [form, query] of forms) {
      out.push(request(op, `query: prototype name ${form}`, query, { query }));
    }
  }
  const named: [string, string][] = [
    ['id between 2^31 and 2^53', 'per_page=2147483648&page=9007199254740991'],
    ['negative number', 'per_page=-1&page=-9007199254740991'],
    ['NUL in a query', `q=%00&filter[${field}]=a%00b`],
    ['array for a scalar', `per_page=1&per_page=2&filter[${field}]=1&filter[${field}]=2`],
    ['long string', `filter[${field}]=${'x'.repeat(5000)}`],
  ];
  for (const [label, query] of named) {
    out.push(request(op, `query: ${label}`, query, { query }));
  }
  return out;
}

function bodyEdgeCases(op: Operation): HostileRequest[] {
  const base = baseBody(op);
  if (!base) return [];
  const json = (label: string, value: unknown) => {
    const text = JSON.stringify(value);
    return request(op, `body: ${label}`, text.slice(0, 160), {
      body: bytes(text),
      headers: { 'content-type': JSON_TYPE },
    });
  };
  const raw = (label: string, type: string, text: string) =>
    request(op, `body: ${label}`, `${type}: ${JSON.stringify(text.slice(0, 120))}`, {
      body: bytes(text),
      headers: { 'content-type': type },
    });
  const fields = Object.entries(base).map(([k, v]): [string, string] => [k, String(v)]);
  const form = multipart(fields);
  return [
    ...PROTOTYPE_NAMES.map((name) =>
      json('prototype-named key', { ...base, ...Object.fromEntries([[name, { admin: true }]]) }),
    ),
    json('NUL in every text', Object.fromEntries(Object.entries(base).map(([k, v]) => [k, `${String(v)}\u0000`]))),
    json('id between 2^31 and 2^53', Object.fromEntries(Object.keys(base).map((k) => [k, 2 ** 31]))),
    json('array for a scalar', Object.fromEntries(Object.keys(base).map((k) => [k, [1, 2]]))),
    raw('malformed JSON', JSON_TYPE, '{"a":'),
    raw('wrong content type', 'text/plain', JSON.stringify(base)),
    raw('multipart without boundary', 'multipart/form-data', form),
    raw('truncated multipart', `multipart/form-data; boundary=${BOUNDARY}`, form.slice(0, Math.floor(form.length / 2))),
  ];
}

/** Every named kind once for this operation. */
export function edgeCases(op: Operation, context: OperationContext): HostileRequest[] {
  const out = [...pathEdgeCases(op), ...queryEdgeCases(op, context), ...bodyEdgeCases(op)];
  for (const param of op.pathParams) {
    for (const [label, values] of PATH_VALUES) {
      for (const segment of values) {
        const path = fillPath(op, { name: param.name, segment });
        out.push(request(op, `path parameter: ${label}`, `${param.name}=${segment.slice(0, 80)}`, { path }));
      }
    }
  }
  return out;
}
