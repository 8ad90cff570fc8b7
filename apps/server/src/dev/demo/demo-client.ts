import { randomBytes } from 'node:crypto';
import { type ApiClient, TUS_VERSION, UPLOADS_PATH } from '@meshport/contract';
import { httpRequest, nodeClient } from '@meshport/contract/node-http';

/** A demo user signed in on hatch of one company, as the web app would be: the API over HTTP. */
export interface DemoSession {
  api: ApiClient;
  /** A tus upload with creation-with-upload: the whole file in one request; its upload id. */
  upload(fileName: string, bytes: Buffer): Promise<string>;
  /** GET of a binary answer (a preview image): its bytes and type, or null when there is none. */
  download(path: string): Promise<{ bytes: Buffer; type: string } | null>;
  /** PATCH with a multipart body: one file field beside the text fields. */
  patchFile(path: string, field: string, file: { name: string; type: string; bytes: Buffer }): Promise<void>;
}

export class DemoRequestError extends Error {}

export async function signIn(baseUrl: string, host: string, identity: string, password: string): Promise<DemoSession> {
  const answer = await httpRequest<{ access_token?: string; message?: string }>(baseUrl, '/v2/login', {
    method: 'POST',
    host,
    json: { identity, password, issue_token: true },
  });
  const token = answer.body.access_token;
  if (answer.status !== 200 || !token) {
    throw new DemoRequestError(`signing in as ${identity} at ${host}: ${answer.status} ${answer.text.slice(0, 200)}`);
  }
  const who = { host, token };
  return {
    api: nodeClient({ baseUrl, ...who }),
    async upload(fileName, bytes) {
      const created = await httpRequest(baseUrl, `/v2${UPLOADS_PATH}`, {
        method: 'POST',
        ...who,
        headers: {
          'tus-resumable': TUS_VERSION,
          'upload-length': String(bytes.length),
          'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes,
      });
      const location = created.headers.location;
      if (created.status !== 201 || !location || created.headers['upload-offset'] !== String(bytes.length)) {
        throw new DemoRequestError(`uploading ${fileName}: ${created.status} ${created.text.slice(0, 200)}`);
      }
      return new URL(location, baseUrl).pathname.split('/').pop() as string;
    },
    async download(path) {
      const answer = await httpRequest(baseUrl, path, { ...who, headers: { accept: '*/*' } });
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw new DemoRequestError(`GET ${path}: ${answer.status}`);
      return { bytes: answer.raw, type: String(answer.headers['content-type'] ?? 'application/octet-stream') };
    },
    async patchFile(path, field, file) {
      const boundary = `meshport-demo-${randomBytes(8).toString('hex')}`;
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
            `Content-Type: ${file.type}\r\n\r\n`,
        ),
        file.bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const answer = await httpRequest(baseUrl, path, {
        method: 'PATCH',
        ...who,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      if (answer.status !== 200)
        throw new DemoRequestError(`PATCH ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    },
  };
}
