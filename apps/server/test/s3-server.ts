/**
 * An S3-compatible server for tests: s3rver (https://github.com/jamhall/s3rver) on a free port,
 * keeping its objects in a temporary folder.
 *
 * s3rver 3.7 lacks two calls of multipart uploads that @tus/s3-store needs: ListParts
 * (`GET /bucket/key?uploadId=…`, which the store uses to learn an upload's offset when it resumes
 * and to complete it) and AbortMultipartUpload (`DELETE /bucket/key?uploadId=…`, termination and
 * expiry). Both answer MethodNotAllowed there. A Koa middleware in front of s3rver's router
 * serves them from its filesystem store, which keeps the parts of an upload as files
 * `<root>/<bucket>/._S3rver_uploads/<uploadId>/<partNumber>`, each with a `.md5` sibling (its ETag).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

const require = createRequire(import.meta.url);

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInstance {
  middleware: KoaMiddleware[];
  httpServer?: { closeAllConnections(): void };
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, string>) => Error;

const S3rver = require('s3rver') as S3rverClass;
const S3Error = require('s3rver/lib/models/error.js') as S3ErrorClass;

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Credentials s3rver accepts (its defaults). */
  accessKeyId: string;
  secretAccessKey: string;
  /** The env of a Meshport server that stores in this bucket. */
  env: Record<string, string>;
  /** The folder s3rver keeps its buckets in. */
  directory: string;
  stop(): Promise<void>;
}

function uploadDir(directory: string, bucket: string, uploadId: string): string | null {
  if (!/^[0-9a-f]+$/i.test(uploadId)) return null;
  const dir = path.join(directory, bucket, '._S3rver_uploads', uploadId);
  return fs.existsSync(dir) ? dir : null;
}

function noSuchUpload(): Error {
  return new S3Error(
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  );
}

/** ListParts and AbortMultipartUpload, from the files s3rver's store keeps (see the comment at the top). */
function multipartCalls(directory: string): KoaMiddleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...rest] = ctx.path.split('/');
    const listing = ctx.method === 'GET' && typeof uploadId === 'string';
    const aborting = ctx.method === 'DELETE' && typeof uploadId === 'string';
    if ((!listing && !aborting) || !bucket || rest.length === 0) return next();
    const key = decodeURIComponent(rest.join('/'));
    const dir = uploadDir(directory, bucket, uploadId as string);
    if (!dir) throw noSuchUpload();
    if (aborting) {
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts = fs
      .readdirSync(dir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const file = path.join(dir, String(number));
        const stat = fs.statSync(file);
        return {
          PartNumber: number,
          LastModified: stat.mtime.toISOString(),
          ETag: JSON.stringify(fs.readFileSync(`${file}.md5`, 'utf8')),
          Size: stat.size,
        };
      });
    ctx.body = {
      ListPartsResult: {
        '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        PartNumberMarker: 0,
        NextPartNumberMarker: parts.at(-1)?.PartNumber ?? 0,
        MaxParts: 10000,
        IsTruncated: false,
        Part: parts,
      },
    };
  };
}

/** s3rver with one bucket, on a free port; `stop()` closes it and removes its folder. */
export async function startTestS3(bucket = 'meshport-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-s3-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // In front of the router (the last middleware), after the XML encoder and the vhost parsing.
  server.middleware.splice(server.middleware.length - 1, 0, multipartCalls(directory));
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    ...credentials,
    directory,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      // The S3 clients keep their connections alive: close them, or close() waits for them.
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
