import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { httpRequest } from '@meshport/contract/node-http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#app/build-app.ts';
import { createServices, type Services } from '#app/services.ts';
import { loadConfig } from '#core/config/config.ts';
import { type Database, queryRows } from '#core/db/database.ts';
import { startTestS3, type TestS3 } from '#test/s3-server.ts';
import { BASE_DOMAIN, DATABASE_KINDS, DEMO_PASSWORD, freshDatabase } from '#test/test-app.ts';
import {
  interruptedPatch,
  objBytes,
  type TusTarget,
  tusCalls,
  tusJsUpload,
  uploadIdOf,
  uploadPath,
} from './upload.test-helpers.ts';

interface Running {
  url: string;
  services: Services;
  stop(): Promise<void>;
}

/** The server on a data folder and database that outlive it: stop it, start another, as a restart does. */
async function startOn(database: Database, dataDir: string, env: Record<string, string>): Promise<Running> {
  const config = loadConfig({
    BASE_DOMAIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const services = createServices(config, database);
  const { app } = await buildApp(services, { logger: false, validateAnswers: true });
  await services.jobs.start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    services,
    async stop() {
      await app.close();
      await services.jobs.stop();
      await services.processing?.close?.();
    },
  };
}

const HOST = `hatch-acme.${BASE_DOMAIN}`;

async function signIn(url: string): Promise<string> {
  const res = await httpRequest<{ access_token?: string }>(url, '/v2/login', {
    host: HOST,
    json: { identity: 'editor', password: DEMO_PASSWORD, issue_token: true },
  });
  if (!res.body.access_token) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return res.body.access_token;
}

for (const kind of DATABASE_KINDS) {
  for (const store of ['folder', 's3'] as const) {
    describe(`tus uploads resume [${kind}, ${store}]`, () => {
      let database: Database;
      let drop: () => Promise<void>;
      let dataDir: string;
      let s3: TestS3 | null = null;
      let env: Record<string, string> = {};
      let server: Running;
      let target: TusTarget;
      beforeAll(async () => {
        ({ database, drop } = await freshDatabase(kind, 'demo'));
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshport-upload-'));
        if (store === 's3') {
          s3 = await startTestS3();
          env = s3.env;
        }
        server = await startOn(database, dataDir, env);
        target = { url: server.url, host: HOST, token: await signIn(server.url) };
      });
      afterAll(async () => {
        await server?.stop();
        await drop?.();
        await s3?.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      });

      const read = async (id: string) => {
        const [row] = await queryRows<{ state: string; storage_key: string }>(
          database.system,
          sql`select state, storage_key from uploads where id = ${id}`,
        );
        expect(row?.state).toBe('finished');
        return Buffer.from(await text(server.services.storage.read(row?.storage_key as string)), 'latin1');
      };

      it('uploads in chunks with tus-js-client', async () => {
        // Over the S3 store's 8 MB part: one part goes to S3 whole, the rest as the final part.
        const data = objBytes(9 * 1024 * 1024 + 77);
        const location = await tusJsUpload(target, data, { fileName: 'Sofa.obj', chunkSize: 3 * 1024 * 1024 });
        expect((await read(uploadIdOf(location))).equals(data)).toBe(true);
      });

      it('resumes after a cut-off PATCH and after a server restart, from the offset HEAD answers', async () => {
        const data = objBytes(6 * 1024 * 1024 + 5);
        const tus = tusCalls(target);
        const created = await tus.create({ fileName: 'Table.obj', size: data.length });
        expect(created.status, created.text).toBe(201);
        const at = uploadPath(created.headers.location as string);
        // An interrupted PATCH: what arrived stays (the S3 store keeps it as an incomplete part).
        await interruptedPatch(target, at, 0, data.subarray(0, 2 * 1024 * 1024), data.length);
        // The file store keeps the bytes that arrived; the S3 store drops a part under S3's 5 MiB minimum.
        let offset = 0;
        for (let tries = 0; tries < 50 && offset === 0; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          offset = Number((await tus.head(at)).headers['upload-offset']);
          if (store === 's3' && tries >= 5) break;
        }
        if (store === 'folder') expect(offset).toBeGreaterThan(0);
        expect(offset).toBeLessThanOrEqual(2 * 1024 * 1024);
        const second = Math.min(offset + 1024 * 1024, data.length - 1);
        expect((await tus.patch(at, offset, data.subarray(offset, second))).status).toBe(204);

        await server.stop();
        server = await startOn(database, dataDir, env);
        const after = tusCalls({ ...target, url: server.url });
        const head = await after.head(at);
        expect(head.status, head.text).toBe(200);
        expect(Number(head.headers['upload-offset'])).toBe(second);
        const rest = await after.patch(at, second, data.subarray(second));
        expect(rest.status, rest.text).toBe(204);
        expect(rest.headers['upload-offset']).toBe(String(data.length));
        target = { ...target, url: server.url };
        expect((await read(uploadIdOf(at))).equals(data)).toBe(true);
      });

      it('terminates an unfinished upload, leaving nothing in the store', async () => {
        const tus = tusCalls(target);
        const created = await tus.create({ fileName: 'Lamp.obj', size: 1000 }, objBytes(500));
        const at = uploadPath(created.headers.location as string);
        const id = uploadIdOf(at);
        expect((await tus.terminate(at)).status).toBe(204);
        for (const key of server.services.uploads.store.keysOf(id)) {
          expect(await server.services.storage.exists(key), key).toBe(false);
        }
        expect((await tus.head(at)).status).toBe(404);
      });
    });
  }
}
