/**
 * The request limits (core/http/request-limits.ts) against the bodies that once crashed or
 * stalled the server (issue 24): each is refused with a small 4xx at once, and a `/healthz`
 * asked meanwhile is answered in its usual time.
 */
import fs from 'node:fs';
import http from 'node:http';
import { httpRequest } from '@meshport/contract/node-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LIMITS } from '#core/http/request-limits.ts';
import type { Body } from './hostile-input/hostile-request.ts';
import { type RawAnswer, sendRaw } from './hostile-input/raw-client.ts';
import { type ServerProcess, serverEnv, serverReady, startServerProcess, tempDir } from './server-process.ts';
import { DEMO_PASSWORD } from './test-app.ts';

/** A request at a limit is answered within this (issue 24); measured over HTTP, upload included. */
const LIMIT_MS = 100;
const FORM = 'application/x-www-form-urlencoded';
const HOST = 'hatch-acme.meshport.test';

const text = (data: string): Body => ({ kind: 'bytes', data: Buffer.from(data) });
const keys = (count: number, key: (i: number) => string) => Array.from({ length: count }, (_, i) => key(i)).join('&');

/** The bodies of issue 24, each at or past one limit. */
const HOSTILE = {
  deepKey: text(`identity${'[x]'.repeat(60_000)}=1&password=x`),
  manyKeys: text(keys(400_000, (i) => `k${i}=1`)),
  manyKeysUnderByteLimit: text(keys(250_000, () => 'k=1')),
  indexedIdentities: text(keys(150_000, (i) => `identity[${i}]=x`)),
  hugeIdArray: text(JSON.stringify({ action: 'archive', libraries: Array.from({ length: 1_200_000 }, (_, i) => i) })),
  longIdArray: text(
    JSON.stringify({ action: 'archive', libraries: Array.from({ length: 100_000 }, () => ({ id: 1 })) }),
  ),
  idArrayJustTooLong: text(
    JSON.stringify({
      action: 'archive',
      libraries: Array.from({ length: REQUEST_LIMITS.arrayLength + 1 }, (_, i) => i),
    }),
  ),
};

describe('request limits, on a server process', () => {
  let dataDir: string;
  let server: ServerProcess;
  let url: URL;
  let editor: string;
  beforeAll(async () => {
    dataDir = tempDir('meshport-limits-');
    const { env, base } = await serverEnv(dataDir);
    server = startServerProcess('serve', env);
    await serverReady(server);
    url = new URL(base);
    const login = await httpRequest<{ access_token: string }>(base, '/v2/login', {
      host: HOST,
      json: { identity: 'editor', password: DEMO_PASSWORD, issue_token: true },
    });
    editor = login.body.access_token;
    // First requests compile each route's schemas: warm them, as a running server is.
    await send('/v2/login', FORM, text('identity=x&password=x'));
    await send('/v2/password/forgot', FORM, text('email=x'));
    await send('/v2/libraries/update', 'application/json', text('{"libraries":[]}'), asEditor());
  }, 180_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const send = (path: string, type: string, body: Body, headers: Record<string, string> = {}) =>
    sendRaw(url, { method: 'POST', path, headers: { host: HOST, 'content-type': type, ...headers }, body }, 10_000);
  const asEditor = () => ({ authorization: `Bearer ${editor}` });
  /**
   * The request, sent up to five times, a moment apart, until answered within LIMIT_MS: on a machine
   * shared with other work, one answer can wait for another process; a server that works for the
   * limit never is.
   */
  const refuse = async (path: string, type: string, body: Body, headers: Record<string, string> = {}) => {
    let answer = await send(path, type, body, headers);
    for (let attempt = 1; attempt < 5 && !('error' in answer) && answer.ms >= LIMIT_MS; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await send(path, type, body, headers);
    }
    return answer;
  };
  const answered = (answer: RawAnswer) => {
    if ('error' in answer) throw new Error(`no answer: ${answer.error}`);
    return { ...answer, json: JSON.parse(answer.text) as { message: string; errors?: Record<string, string[]> } };
  };
  const alive = async () => {
    expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
    expect((await httpRequest(url.origin, '/healthz')).status).toBe(200);
  };

  it('a key nested 60,000 brackets deep (180 KB) is refused at once; the server lives on', async () => {
    const answer = answered(await refuse('/v2/login', FORM, HOSTILE.deepKey));
    expect(answer.status, answer.text).toBe(422);
    expect(Object.values(answer.json.errors ?? {}).flat()).toEqual([
      `Field names are at most ${REQUEST_LIMITS.keyLength} characters.`,
    ]);
    expect(answer.ms).toBeLessThan(LIMIT_MS);
    const nineDeep = answered(await refuse('/v2/login', FORM, text(`identity${'[x]'.repeat(8)}=1&password=x`)));
    expect(nineDeep.status, nineDeep.text).toBe(422);
    expect(nineDeep.json.errors?.[`identity${'[x]'.repeat(8)}`]).toEqual([
      `Fields nest at most ${REQUEST_LIMITS.depth} levels deep.`,
    ]);
    await alive();
  });

  it('400,000 keys (5.8 MB), and 250,000 keys under the byte limit, are refused at once', async () => {
    const big = answered(await refuse('/v2/password/forgot', FORM, HOSTILE.manyKeys));
    expect(big.status, big.text).toBe(413);
    expect(big.ms).toBeLessThan(LIMIT_MS);
    const many = answered(await refuse('/v2/login', FORM, HOSTILE.manyKeysUnderByteLimit));
    expect(many.status, many.text).toBe(413);
    expect(many.json.message).toBe(`The request has more than ${REQUEST_LIMITS.fields} fields.`);
    expect(many.ms).toBeLessThan(LIMIT_MS);
    await alive();
  });

  it('150,000 identity[i] keys get a small answer naming at most 20 errors', async () => {
    const body = text(keys(1999, (i) => `identity[${i + 1000}]=x`));
    const answer = answered(await refuse('/v2/login', FORM, body));
    expect(answer.status, answer.text).toBe(422);
    expect(Object.values(answer.json.errors ?? {}).flat().length).toBeLessThanOrEqual(REQUEST_LIMITS.validationErrors);
    expect(answer.text.length).toBeLessThan(4000);
    expect(answer.ms).toBeLessThan(LIMIT_MS);
    const all = answered(await refuse('/v2/login', FORM, HOSTILE.indexedIdentities));
    expect(all.status, all.text).toBe(413);
    expect(all.text.length).toBeLessThan(4000);
    expect(all.ms).toBeLessThan(LIMIT_MS);
  });

  it('a bulk call refuses 9 MB of ids, and a list past its length before looking at its entries', async () => {
    const huge = answered(await refuse('/v2/libraries/update', 'application/json', HOSTILE.hugeIdArray, asEditor()));
    expect(huge.status, huge.text).toBe(413);
    expect(huge.ms).toBeLessThan(LIMIT_MS);
    const many = answered(await refuse('/v2/libraries/update', 'application/json', HOSTILE.longIdArray, asEditor()));
    expect(many.status, many.text).toBe(413);
    expect(many.ms).toBeLessThan(LIMIT_MS);
    const long = answered(
      await refuse('/v2/libraries/update', 'application/json', HOSTILE.idArrayJustTooLong, asEditor()),
    );
    expect(long.status, long.text).toBe(422);
    expect(long.json.errors).toEqual({ libraries: [`At most ${REQUEST_LIMITS.arrayLength} entries.`] });
    expect(long.ms).toBeLessThan(LIMIT_MS);
    const deep = answered(
      await refuse(
        '/v2/libraries/update',
        'application/json',
        text(`{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}`),
        asEditor(),
      ),
    );
    expect(deep.status, deep.text).toBe(422);
    expect(deep.ms).toBeLessThan(LIMIT_MS);
  });

  it('multipart: no files where the body declares none, and a declared length within the route limit', async () => {
    const boundary = 'b';
    const file = `--${boundary}\r\ncontent-disposition: form-data; name="identity"; filename="a.bin"\r\n\r\n${'x'.repeat(1000)}\r\n--${boundary}--\r\n`;
    const type = `multipart/form-data; boundary=${boundary}`;
    const withFile = answered(await refuse('/v2/login', type, text(file)));
    expect(withFile.status, withFile.text).toBe(413);
    expect(withFile.json.message).toBe('The request carries more files than this call takes.');
    const large: Body = {
      kind: 'large',
      size: 20 * 1024 * 1024,
      head: `--${boundary}\r\n`,
      tail: `--${boundary}--\r\n`,
    };
    const tooLong = answered(await refuse('/v2/login', type, large));
    expect(tooLong.status, tooLong.text).toBe(413);
    expect(tooLong.ms).toBeLessThan(LIMIT_MS);
    await alive();
  });

  it('answers /healthz within 50 ms of its usual time while hostile bodies arrive (lower quartiles)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const probe = () =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        http
          .get(new URL('/healthz', url), { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(performance.now() - started));
          })
          .on('error', reject);
      });
    const probes = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        times.push(await probe());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return times.sort((a, b) => a - b);
    };
    const percentile = (sorted: number[], p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
    const baseline = await probes(40);

    let loading = true;
    const statuses: number[] = [];
    const hostile: [string, string, Body, Record<string, string>][] = [
      ['/v2/login', FORM, HOSTILE.deepKey, {}],
      ['/v2/login', FORM, HOSTILE.manyKeys, {}],
      ['/v2/password/forgot', FORM, HOSTILE.manyKeysUnderByteLimit, {}],
      ['/v2/login', FORM, HOSTILE.indexedIdentities, {}],
      ['/v2/libraries/update', 'application/json', HOSTILE.longIdArray, asEditor()],
    ];
    const lanes = hostile.map(async ([path, type, body, headers]) => {
      while (loading) {
        const answer = await send(path, type, body, headers);
        // A body past the byte limit may be cut off by the server's answer before it is all sent.
        if ('error' in answer && body.kind === 'bytes' && body.data.length > REQUEST_LIMITS.bodyBytes) continue;
        statuses.push('error' in answer ? 0 : answer.status);
      }
    });
    const loaded = await probes(60);
    loading = false;
    await Promise.all(lanes);
    agent.destroy();

    expect(statuses.length).toBeGreaterThan(hostile.length * 3);
    expect(
      statuses.every((status) => status === 413 || status === 422),
      String(statuses),
    ).toBe(true);
    // Lower quartiles: on a shared machine (two test files at once on two cores) many probes also wait for the
    // test's own senders and other processes (median 18 ms under load against 2 ms alone in a CI run, max 860);
    // a parser that held the event loop would hold most probes, the quickest quarter included.
    const usual = percentile(baseline, 0.25);
    const underLoad = percentile(loaded, 0.25);
    console.log(
      `/healthz lower quartile ${usual.toFixed(1)} ms alone, ${underLoad.toFixed(1)} ms under hostile bodies (median ${percentile(loaded, 0.5).toFixed(1)}, max ${loaded.at(-1)?.toFixed(1)} ms)`,
    );
    expect(underLoad).toBeLessThanOrEqual(usual + 50);
  });
});
