import { Readable } from 'node:stream';
import { API_PREFIX, UPLOADS_PATH } from '@meshport/contract';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UploadStore } from './upload-store.ts';

/** The tus body type: passed to tus as a stream, never parsed or buffered by Fastify. */
export const TUS_BODY_TYPE = 'application/offset+octet-stream';

/** Lets Fastify route a tus body without reading it: the handler streams `request.raw` into the store. */
export function registerUploadBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(TUS_BODY_TYPE, (_request, _payload, done) => done(null, undefined));
}

export function isTusBody(request: FastifyRequest): boolean {
  return request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() === TUS_BODY_TYPE;
}

interface TusCall {
  /** The upload: the new one's id on creation, the addressed one otherwise. */
  id: string | null;
  /** The tenant's own URL of an upload (`Location`). */
  location: (id: string) => string;
}

type TusMethod = 'OPTIONS' | 'POST' | 'HEAD' | 'PATCH' | 'DELETE';

/**
 * @tus/server behind the API's own routes: the gate has decided access, the route has found the
 * upload of this company, and tus speaks the protocol with the store. Requests reach it as web
 * `Request`s whose body streams from `request.raw`; its `Response` goes out through Fastify's
 * reply, so the API's headers (security, cache) and its JSON errors apply.
 */
export class TusBridge {
  readonly server: Server;
  private readonly calls = new WeakMap<Request, TusCall>();

  constructor(store: UploadStore, maxBytes: number) {
    const call = (req: Request): TusCall => {
      const found = this.calls.get(req);
      if (!found) throw new Error('tus request without its call');
      return found;
    };
    this.server = new Server({
      path: `${API_PREFIX}${UPLOADS_PATH}`,
      datastore: store.datastore,
      locker: store.locker,
      maxSize: maxBytes,
      // Same-origin only: no CORS answers (the web app is on the tenant's own host).
      allowedOrigins: () => false,
      namingFunction: (req) => call(req).id ?? '',
      getFileIdFromRequest: (req) => call(req).id ?? undefined,
      generateUrl: (req, { id }) => call(req).location(id),
    });
  }

  run(request: FastifyRequest, method: TusMethod, call: TusCall, body: Readable | null): Promise<Response> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
    }
    const path = `${API_PREFIX}${UPLOADS_PATH}${method === 'POST' || method === 'OPTIONS' ? '' : `/${call.id}`}`;
    const web = new Request(`http://tus.internal${path}`, {
      method,
      headers,
      body: body ? (Readable.toWeb(body) as ReadableStream<Uint8Array>) : null,
      duplex: 'half',
    } as RequestInit);
    this.calls.set(web, call);
    return this.server.handleWeb(web);
  }
}

/**
 * tus answers errors as text; the API answers `{message}` (design: every error has that body),
 * which tus clients show as the body.
 */
function jsonError(text: string, status: number): { message: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      return parsed as { message: string };
    }
  } catch {
    // tus's own text
  }
  const message = text.trim();
  return { message: message ? (message.endsWith('.') ? message : `${message}.`) : `Upload refused (${status}).` };
}

/**
 * tus's answer through Fastify's reply: its protocol headers, and JSON for errors. `expires`:
 * when the unfinished upload lapses now (tus counts its expiry from the creation only).
 */
export async function sendTusAnswer(
  reply: FastifyReply,
  response: Response,
  expires: Date | null = null,
): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name.startsWith('access-control-') || name === 'content-length' || name === 'content-type') continue;
    reply.header(name, value);
  }
  if (expires && response.status < 400) reply.header('upload-expires', expires.toUTCString());
  if (response.status < 400) {
    await response.body?.cancel();
    return reply.send();
  }
  return reply.type('application/json; charset=utf-8').send(jsonError(await response.text(), response.status));
}
