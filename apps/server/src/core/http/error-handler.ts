import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type z } from 'zod';
import { databaseBusyError } from '#core/db/database-busy-error.ts';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  DATABASE_UNAVAILABLE_RETRY_SECONDS,
  databaseUnavailableReason,
} from '#core/db/database-unavailable-error.ts';
import { HttpError, ValidationError } from './http-error.ts';
import { malformedMultipart } from './multipart.ts';
import { REQUEST_LIMITS } from './request-limits.ts';

/** Field → messages; without a prototype, as field names come from the request (`__proto__`). */
export function fieldErrors(): Record<string, string[]> {
  return Object.create(null) as Record<string, string[]>;
}

export function zodIssuesToErrors(issues: readonly z.core.$ZodIssue[], prefix?: string): Record<string, string[]> {
  const errors = fieldErrors();
  for (const issue of issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'request';
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return errors;
}

/** What the body parsers' 413s mean, in words a client can act on. */
const TOO_LARGE: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than this call takes.',
  FST_FILES_LIMIT: 'The request carries more files than this call takes.',
  FST_REQ_FILE_TOO_LARGE: 'A file is larger than this call takes.',
  FST_FIELDS_LIMIT: `The request has more than ${REQUEST_LIMITS.fields} fields.`,
  FST_PARTS_LIMIT: `The request has more than ${REQUEST_LIMITS.fields} fields.`,
};

/** Every error leaves as JSON `{message}` (plus `errors` on 422); a 500 never shows internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | HttpError | ZodError, request, reply) => {
    const error = malformedMultipart(request, thrown) ?? thrown;
    const busy = databaseBusyError(error);
    if (busy) return reply.code(503).header('retry-after', '1').send({ message: busy.message });
    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      // Never a 2xx for work whose COMMIT did not answer. Such a write may have committed all
      // the same; the client, told to try again, must expect that.
      request.log.warn({ reason: unavailable }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ message: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors();
      for (const item of error.validation) {
        const key = item.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'request';
        errors[key] ??= [];
        errors[key].push(item.message ?? 'Invalid value.');
      }
      const v = new ValidationError(errors);
      return reply.code(422).send({ message: v.message, errors: v.errors });
    }
    if (error instanceof ZodError) {
      const v = new ValidationError(zodIssuesToErrors(error.issues));
      return reply.code(422).send({ message: v.message, errors: v.errors });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        status === 413
          ? (TOO_LARGE[(error as FastifyError).code] ?? 'The request is too large.')
          : status === 415
            ? 'This content type is not supported.'
            : status === 400
              ? `Bad request: ${error.message}`
              : error.message;
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
