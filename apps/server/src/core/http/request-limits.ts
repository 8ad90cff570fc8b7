import type { Endpoint } from '@meshport/contract';
import { MAX_BULK_SELECTION } from '@meshport/contract';
import { z } from 'zod';

/**
 * What one request body may hold, for every route (docs/decisions/0014). Each limit is checked
 * while or before the body is parsed, so that refusing costs about as little as the request's
 * size allows: a body over any of them is answered 413 or 422 before validation sees it.
 */
export const REQUEST_LIMITS = {
  /** JSON and urlencoded bodies; multipart bodies without files too. */
  bodyBytes: 1024 * 1024,
  /** Values in a body: form fields, or JSON scalars and empty lists/objects. */
  fields: 2000,
  /** Segments of a field's path: `a[b][0][c]` is 4 deep, as is JSON `{"a":{"b":[{"c":1}]}}`. */
  depth: 8,
  /** Characters of a field name (a form key, or a JSON object key). */
  keyLength: 200,
  /** Entries of one list: the largest selection a bulk call takes. */
  arrayLength: MAX_BULK_SELECTION,
  /** Field errors one 422 answer names; the message counts the rest. */
  validationErrors: 20,
  /** Room over a file field's declared maximum, so that the field's own message answers a file just over it. */
  fileSlackBytes: 1024 * 1024,
} as const;

/** What a route's multipart bodies may carry; only routes whose body declares file fields take files. */
export interface MultipartLimits {
  /** The whole body, checked against its declared length before a byte is read. */
  bodyBytes: number;
  files: number;
  fileSize: number;
}

/** The largest size a file schema declares (`z.file().max(n)`), or the body limit when it declares none. */
function fileMaximum(schema: z.core.$ZodFile): number {
  const check = schema._zod.def.checks?.find((each) => each instanceof z.core.$ZodCheckMaxSize);
  return check instanceof z.core.$ZodCheckMaxSize ? check._zod.def.maximum : REQUEST_LIMITS.bodyBytes;
}

/** The most bytes a value of `schema` may hold as files (the schema is ours: its depth is small). */
function fileBytes(schema: z.core.$ZodType): number {
  if (schema instanceof z.core.$ZodFile) return fileMaximum(schema);
  if (schema instanceof z.core.$ZodUnion) return Math.max(0, ...schema._zod.def.options.map(fileBytes));
  if (schema instanceof z.core.$ZodPipe) return Math.max(fileBytes(schema._zod.def.in), fileBytes(schema._zod.def.out));
  // optional, nullable, default and the other wrappers hold the schema they wrap as `innerType`
  const def = schema._zod.def;
  if ('innerType' in def && def.innerType instanceof z.core.$ZodType) return fileBytes(def.innerType);
  return 0;
}

/**
 * A route's multipart limits, read from its endpoint's body: each top-level file field
 * (`z.file().max(n)`) adds one file of up to n bytes (plus slack) to what the body may carry.
 */
export function multipartLimitsOf(endpoint: Pick<Endpoint, 'body'>): MultipartLimits {
  const body = endpoint.body;
  const fields = body instanceof z.core.$ZodObject ? Object.values(body._zod.def.shape) : [];
  const files = fields.map(fileBytes).filter((bytes) => bytes > 0);
  const fileSize = Math.max(0, ...files) + (files.length > 0 ? REQUEST_LIMITS.fileSlackBytes : 0);
  return { bodyBytes: REQUEST_LIMITS.bodyBytes + files.length * fileSize, files: files.length, fileSize };
}

/** Limits that allow whatever any of `limits` allows (a `_method` POST reaching several routes). */
export function widestMultipartLimits(limits: MultipartLimits[]): MultipartLimits {
  return {
    bodyBytes: Math.max(REQUEST_LIMITS.bodyBytes, ...limits.map((l) => l.bodyBytes)),
    files: Math.max(0, ...limits.map((l) => l.files)),
    fileSize: Math.max(0, ...limits.map((l) => l.fileSize)),
  };
}

/** The busboy limits of multipart bodies under `limits`. */
export function busboyLimits(limits: MultipartLimits) {
  return {
    files: limits.files,
    fileSize: limits.fileSize,
    fields: REQUEST_LIMITS.fields,
    parts: REQUEST_LIMITS.fields + limits.files,
    fieldSize: REQUEST_LIMITS.bodyBytes,
    // A longer name reaches the form-field checks (and is refused there), not cut silently.
    fieldNameSize: REQUEST_LIMITS.keyLength + 1,
  };
}

/**
 * A route's config for its multipart bodies: the length body-parsers.ts checks before reading,
 * and the limits @fastify/multipart gives busboy (`multipartOptions`, read per route).
 */
export function multipartConfig(limits: MultipartLimits) {
  return { multipartBytes: limits.bodyBytes, multipartOptions: { limits: busboyLimits(limits) } };
}
