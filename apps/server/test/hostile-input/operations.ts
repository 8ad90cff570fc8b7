/** The operations of the API as its OpenAPI document describes them, plus the `_method` overrides it hides. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
}

export interface Parameter {
  name: string;
  schema: JsonSchema;
}

export interface Operation {
  /** `GET /v2/users/{id}`, or `POST /v2/x (_method=PATCH)` for an override. */
  id: string;
  method: string;
  /** The OpenAPI path template. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, when the operation takes a body. */
  body: JsonSchema | null;
  /** For the hidden POST route that dispatches `_method=PATCH|PUT|DELETE`. */
  override: string | null;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const OVERRIDABLE = new Set(['PATCH', 'PUT', 'DELETE']);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The document comes from our own server; its schemas are JSON Schema objects by construction.
const asSchema = (value: unknown): JsonSchema => (isRecord(value) ? (value as JsonSchema) : {});

function parameters(raw: unknown, where: 'path' | 'query'): Parameter[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((p): p is Record<string, unknown> => isRecord(p) && p.in === where && typeof p.name === 'string')
    .map((p) => ({ name: String(p.name), schema: asSchema(p.schema) }));
}

function jsonBody(raw: unknown): JsonSchema | null {
  if (!isRecord(raw) || !isRecord(raw.content)) return null;
  const json = raw.content['application/json'];
  return isRecord(json) ? asSchema(json.schema) : {};
}

/** Every operation of the document, and a POST `_method` operation for each PATCH, PUT or DELETE. */
export function operationsOf(document: unknown): Operation[] {
  if (!isRecord(document) || !isRecord(document.paths)) throw new Error('not an OpenAPI document');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isRecord(item)) continue;
    const shared = item.parameters;
    for (const lower of METHODS) {
      const raw = item[lower];
      if (!isRecord(raw)) continue;
      const method = lower.toUpperCase();
      const all = [...(Array.isArray(shared) ? shared : []), ...(Array.isArray(raw.parameters) ? raw.parameters : [])];
      const operation: Operation = {
        id: `${method} ${path}`,
        method,
        path,
        pathParams: parameters(all, 'path'),
        queryParams: parameters(all, 'query'),
        body: jsonBody(raw.requestBody),
        override: null,
      };
      operations.push(operation);
      if (OVERRIDABLE.has(method) && !isRecord(item.post)) {
        operations.push({
          ...operation,
          id: `POST ${path} (_method=${method})`,
          method: 'POST',
          body: operation.body ?? {},
          override: method,
        });
      }
    }
  }
  return operations;
}

/** A value the schema accepts, as far as a plain request needs one. */
export function plausibleValue(schema: JsonSchema): unknown {
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return plausibleValue(variant);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [plausibleValue(schema.items)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = plausibleValue(schema.properties?.[name] ?? {});
      return out;
    }
    default:
      return 'acme'.padEnd(schema.minLength ?? 1, 'x');
  }
}

/** A path parameter value the route accepts in form (ids 1, names `acme`). */
export function plausibleSegment(parameter: Parameter): string {
  return encodeURIComponent(String(plausibleValue(parameter.schema)));
}

/** The path template with every parameter filled, one of them replaced by `replace` (already encoded). */
export function fillPath(operation: Operation, replace?: { name: string; segment: string }): string {
  let out = operation.path;
  for (const p of operation.pathParams) {
    const segment = replace?.name === p.name ? replace.segment : plausibleSegment(p);
    out = out.replace(`{${p.name}}`, segment);
  }
  return out;
}
