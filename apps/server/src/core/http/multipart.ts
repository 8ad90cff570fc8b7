import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    readingMultipart: boolean;
  }
}

/** Busboy's limits for routes that name none of their own (request-limits.ts `busboyLimits`). */
type MultipartLimits = Partial<
  Record<'fileSize' | 'files' | 'fields' | 'parts' | 'fieldSize' | 'fieldNameSize', number>
>;

/**
 * Multipart bodies, read into `request.body` as key → value before validation. The parser's own
 * errors on a malformed body ("Boundary not found", "Unexpected end of form") carry no status:
 * the hooks around the plugin's reading mark them as the client's, 400 with the parser's reason.
 */
export async function registerMultipart(app: FastifyInstance, limits: MultipartLimits): Promise<void> {
  app.decorateRequest('readingMultipart', false);
  app.addHook('preValidation', async (request) => {
    request.readingMultipart = request.isMultipart();
  });
  await app.register(fastifyMultipart, { attachFieldsToBody: 'keyValues', limits });
  app.addHook('preValidation', async (request) => {
    request.readingMultipart = false;
  });
}

/** The 400 for an error the multipart parser raised while reading this request's body. */
export function malformedMultipart(request: { readingMultipart: boolean }, error: Error): HttpError | null {
  const status = (error as { statusCode?: number }).statusCode;
  if (!request.readingMultipart || (status !== undefined && status < 500)) return null;
  return new HttpError(400, `Malformed multipart body: ${error.message.replace(/^Multipart: /, '')}.`);
}
