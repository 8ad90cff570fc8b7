import querystring from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkBodyShape, scanJsonText, tooManyFields } from './body-shape.ts';
import { HttpError } from './http-error.ts';
import { REQUEST_LIMITS } from './request-limits.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Most bytes a multipart body of this route may declare (request-limits.ts `multipartLimitsOf`). */
    multipartBytes?: number;
  }
}

const MULTIPART = /^multipart\/form-data/i;

/** `+` is a space in forms; a malformed escape is kept as sent rather than refused. */
const decode = (text: string) => querystring.unescape(text.includes('+') ? text.replaceAll('+', ' ') : text);

/**
 * An urlencoded body as key → value (a repeated key → its values), read pair by pair: it stops
 * at the first pair past the field limit, whatever follows. Keys come as sent; form-fields.ts
 * checks and nests them.
 */
export function parseUrlencoded(body: string): Record<string, string | string[]> {
  const fields = Object.create(null) as Record<string, string | string[]>;
  let count = 0;
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf('&', start);
    if (end === -1) end = body.length;
    if (end > start) {
      if (++count > REQUEST_LIMITS.fields) throw tooManyFields();
      const equals = body.indexOf('=', start);
      const split = equals === -1 || equals > end ? end : equals;
      const key = decode(body.slice(start, split));
      const value = split === end ? '' : decode(body.slice(split + 1, end));
      const existing = fields[key];
      if (existing === undefined) fields[key] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else fields[key] = [existing, value];
    }
    start = end + 1;
  }
  return fields;
}

/** A multipart body is read by busboy, past Fastify's byte counting: its declared length is its limit. */
function checkMultipartLength(request: FastifyRequest): void {
  if (!MULTIPART.test(request.headers['content-type'] ?? '')) return;
  const declared = request.headers['content-length'];
  if (declared === undefined) {
    throw new HttpError(411, 'A multipart body must declare its length (Content-Length).');
  }
  const limit = request.routeOptions.config.multipartBytes ?? REQUEST_LIMITS.bodyBytes;
  if (Number(declared) > limit) throw new HttpError(413, 'The request body is larger than this call takes.');
}

/**
 * JSON and urlencoded bodies are read up to `REQUEST_LIMITS.bodyBytes` (counted as they arrive,
 * refused on a larger Content-Length before any byte is read) and checked against the field,
 * depth, name and list limits before validation: JSON text is counted before `JSON.parse` builds
 * it (then parsed by Fastify's own parser, prototype poisoning refused), urlencoded pairs as they
 * are split. Multipart bodies are refused on their declared length.
 */
export function installBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const bodyLimit = REQUEST_LIMITS.bodyBytes;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, text, done) => {
    try {
      scanJsonText(text as string);
    } catch (refusal) {
      return done(refusal as Error, undefined);
    }
    parseJson(request, text as string, (error, value) => {
      if (error) return done(error, undefined);
      try {
        checkBodyShape(value);
      } catch (refusal) {
        return done(refusal as Error, undefined);
      }
      done(null, value);
    });
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, text, done) => {
      try {
        done(null, parseUrlencoded(text as string));
      } catch (refusal) {
        done(refusal as Error, undefined);
      }
    },
  );
  app.addHook('preParsing', async (request) => checkMultipartLength(request));
}
