import { REQUEST_LIMITS } from '#core/http/request-limits.ts';
import { baseBody, bytes, type HostileRequest, JSON_TYPE, request } from './hostile-request.ts';
import type { JsonSchema, Operation } from './operations.ts';

const FORM_TYPE = 'application/x-www-form-urlencoded';
/**
 * How soon a body at a limit must be refused in this suite: four requests in flight on a machine
 * running the other suites too (hostile-input-limits.test.ts holds one request to 100 ms).
 */
export const LIMIT_BOUNDS_MS = { deep: 1_000, many: 1_000, long: 1_000, huge: 1_500 } as const;

const isArraySchema = (schema: JsonSchema) =>
  schema.type === 'array' || (schema.anyOf ?? schema.oneOf ?? []).some((option) => option.type === 'array');

/** A field of the body that takes a list (the first one), else its first field, else a made-up one. */
function listField(op: Operation, base: Record<string, unknown>): string {
  const properties = Object.entries(op.body?.properties ?? {});
  return (
    properties.find(([, schema]) => isArraySchema(schema))?.[0] ??
    Object.keys(base).find((key) => key !== '_method') ??
    'items'
  );
}

const nested = (levels: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
};

/**
 * Bodies at each limit of REQUEST_LIMITS, as JSON and as an urlencoded form, for an operation
 * that takes a body: keys nested too deep (just past the limit, and 60,000 levels), more fields
 * than allowed, a list one entry too long, and a body just over the byte limit. Each must be
 * refused (4xx, never read into a 2xx or a 5xx) within its bound.
 */
export function limitBodies(op: Operation): HostileRequest[] {
  const base = baseBody(op);
  if (!base) return [];
  const field = listField(op, base);
  const method = op.override ? `_method=${op.override}&` : '';
  const json = (label: keyof typeof LIMIT_BOUNDS_MS, detail: string, body: unknown): HostileRequest => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return {
      ...request(op, `limit: ${label} (JSON)`, detail, { body: bytes(text), headers: { 'content-type': JSON_TYPE } }),
      refuseWithinMs: LIMIT_BOUNDS_MS[label],
    };
  };
  const form = (label: keyof typeof LIMIT_BOUNDS_MS, detail: string, text: string): HostileRequest => ({
    ...request(op, `limit: ${label} (form)`, detail, { body: bytes(text), headers: { 'content-type': FORM_TYPE } }),
    refuseWithinMs: LIMIT_BOUNDS_MS[label],
  });
  const { depth, fields, arrayLength, bodyBytes } = REQUEST_LIMITS;
  const manyJson: Record<string, unknown> = { ...base };
  for (let i = 0; i <= fields; i++) manyJson[`k${i}`] = 1;
  return [
    json('deep', `${field} nested ${depth} levels below`, { ...base, [field]: nested(depth, 1) }),
    json('deep', '60,000 nested lists', `{"a":${'['.repeat(60_000)}${']'.repeat(60_000)}}`),
    form('deep', `${field}[x] × ${depth}`, `${method}${field}${'[x]'.repeat(depth)}=1`),
    form('deep', `${field}[x] × 60,000`, `${method}${field}${'[x]'.repeat(60_000)}=1`),
    json('many', `${fields + 1} extra fields`, manyJson),
    form(
      'many',
      `${fields + 1} fields`,
      `${method}${Array.from({ length: fields + 1 }, (_, i) => `k${i}=1`).join('&')}`,
    ),
    json('long', `${field}: ${arrayLength + 1} entries`, {
      ...base,
      [field]: Array.from({ length: arrayLength + 1 }, (_, i) => i + 1),
    }),
    form('long', `${field}[] × ${arrayLength + 1}`, `${method}${`${field}[]=1&`.repeat(arrayLength + 1)}`),
    {
      ...request(op, 'limit: huge (JSON)', `JSON just over ${bodyBytes} bytes`, {
        headers: { 'content-type': JSON_TYPE },
        body: { kind: 'large', size: bodyBytes + 1024, head: '{"a":"', tail: '"}' },
      }),
      refuseWithinMs: LIMIT_BOUNDS_MS.huge,
    },
    {
      ...request(op, 'limit: huge (form)', `form just over ${bodyBytes} bytes`, {
        headers: { 'content-type': FORM_TYPE },
        body: { kind: 'large', size: bodyBytes + 1024, head: `${method}a=`, tail: '' },
      }),
      refuseWithinMs: LIMIT_BOUNDS_MS.huge,
    },
  ];
}
