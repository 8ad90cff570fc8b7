import http from 'node:http';
import { TUS_VERSION } from '@meshport/contract';
import { httpRequest } from '@meshport/contract/node-http';
import { DefaultHttpStack, type HttpStack, Upload } from 'tus-js-client';

/** Where a test server answers and as whom. */
export interface TusTarget {
  /** `http://127.0.0.1:port` */
  url: string;
  /** The tenant host sent as `Host` (`hatch-acme.meshport.test`). */
  host: string;
  token: string;
}

export const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** An OBJ of about `bytes` bytes (text the content check accepts). */
export function objBytes(bytes: number): Buffer {
  const line = 'v 0.125 1.5 -2.25\n';
  const out = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += line.length) out.write(line, at, 'latin1');
  return out;
}

export const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** The path of an upload URL (its Location) on the test server. */
export const uploadPath = (location: string) => new URL(location, 'http://any.test').pathname;
export const uploadIdOf = (location: string) => uploadPath(location).split('/').pop() as string;

/** Raw tus calls with exact control of the protocol (`httpRequest` under them). */
export function tusCalls(target: TusTarget) {
  const base = (extra: Record<string, string> = {}) => ({ 'tus-resumable': TUS_VERSION, ...extra });
  const send = (path: string, method: string, headers: Record<string, string>, body?: Buffer) =>
    httpRequest<{ message?: string; errors?: Record<string, string[]> }>(target.url, path, {
      method,
      host: target.host,
      token: target.token,
      headers: base(headers),
      body,
    });
  return {
    create: (fields: { fileName: string; size: number; type?: string }, body?: Buffer) =>
      send(
        '/v2/uploads',
        'POST',
        {
          'upload-length': String(fields.size),
          'upload-metadata': metadata({ filename: fields.fileName, ...(fields.type ? { filetype: fields.type } : {}) }),
          ...(body ? { 'content-type': 'application/offset+octet-stream' } : {}),
        },
        body,
      ),
    head: (path: string) => send(path, 'HEAD', {}),
    patch: (path: string, offset: number, body: Buffer) =>
      send(path, 'PATCH', { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body),
    terminate: (path: string) => send(path, 'DELETE', {}),
    send,
  };
}

/**
 * A PATCH that sends `sent` bytes of a declared `declared`-byte body and then drops the
 * connection, as a client does whose network goes away mid-upload.
 */
export function interruptedPatch(target: TusTarget, path: string, offset: number, data: Buffer, declared: number) {
  const server = new URL(target.url);
  return new Promise<void>((resolve) => {
    const req = http.request({
      hostname: server.hostname,
      port: server.port,
      method: 'PATCH',
      path,
      headers: {
        host: target.host,
        authorization: `Bearer ${target.token}`,
        'tus-resumable': TUS_VERSION,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(declared),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      resolve();
    });
    req.write(data, () => {
      // Give the server time to store what arrived, then cut the connection.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

/** A tus PATCH from offset 0 over its own socket that sends 16 bytes, then one byte every `everyMs` until told to finish. */
export function slowPatch(target: TusTarget, path: string, data: Buffer, everyMs = 100) {
  const server = new URL(target.url);
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const req = http.request({
    hostname: server.hostname,
    port: server.port,
    method: 'PATCH',
    path,
    agent: false,
    headers: {
      host: target.host,
      authorization: `Bearer ${target.token}`,
      'tus-resumable': TUS_VERSION,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(data.length),
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  answered.catch(() => {});
  const write = (bytes: number) => {
    req.write(data.subarray(sent, sent + bytes));
    sent += bytes;
  };
  write(16);
  timer = setInterval(() => write(1), everyMs);
  return {
    /** Sends the rest of the file; resolves to the answer's status. */
    finish(): Promise<number> {
      clearInterval(timer);
      timer = undefined;
      req.end(data.subarray(sent));
      return answered;
    },
    abort(): void {
      clearInterval(timer);
      req.destroy();
    },
  };
}

/** tus-js-client's Node stack with every URL sent to the test server (the tenant host goes as `Host`). */
function testStack(target: TusTarget): HttpStack {
  const inner = new DefaultHttpStack({});
  return {
    createRequest(method, url) {
      const local = new URL(url);
      const server = new URL(target.url);
      local.protocol = server.protocol;
      local.host = server.host;
      return inner.createRequest(method, local.toString());
    },
    getName: () => 'meshport-test',
  };
}

/** Uploads `data` with tus-js-client (Node), in chunks; resolves to the upload URL (Location). */
export function tusJsUpload(
  target: TusTarget,
  data: Buffer,
  options: { fileName: string; chunkSize?: number; uploadUrl?: string; onChunk?: (accepted: number) => boolean },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(data, {
      endpoint: `${target.url}/v2/uploads`,
      uploadUrl: options.uploadUrl ?? null,
      headers: { Host: target.host, Authorization: `Bearer ${target.token}` },
      metadata: { filename: options.fileName, filetype: 'model/obj' },
      chunkSize: options.chunkSize ?? Number.POSITIVE_INFINITY,
      retryDelays: null,
      storeFingerprintForResuming: false,
      httpStack: testStack(target),
      onChunkComplete: (_size, accepted) => {
        if (options.onChunk?.(accepted) === true) {
          upload.abort().then(
            () => reject(new Error(`stopped at ${accepted}`)),
            (error: unknown) => reject(error),
          );
        }
      },
      onSuccess: () => resolve(upload.url as string),
      onError: (error) => reject(error),
    });
    upload.start();
  });
}
