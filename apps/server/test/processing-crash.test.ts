import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { httpRequest } from '@meshport/contract/node-http';
import { afterAll, expect, it } from 'vitest';
import { tusCalls, uploadIdOf } from '#modules/processing/uploads/upload.test-helpers.ts';
import { type ServerProcess, serverEnv, serverReady, startServerProcess, tempDir } from './server-process.ts';

const HOST = 'hatch-acme.meshport.test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A flat grid of `n`×`n` quads as OBJ: 2n² triangles, heavy enough that converting it takes a while. */
function gridObj(n: number): Buffer {
  const lines: string[] = [];
  for (let y = 0; y <= n; y++)
    for (let x = 0; x <= n; x++) lines.push(`v ${x} ${Math.sin(x * 0.3) * Math.cos(y * 0.2)} ${y}`);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const a = y * (n + 1) + x + 1;
      lines.push(`f ${a} ${a + 1} ${a + n + 2} ${a + n + 1}`);
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** The process ids below `pid` (the converter, the browser), to see that none outlives a killed server. */
function descendants(pid: number): number[] {
  let out = '';
  try {
    out = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const children = out.split('\n').filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Running: a process that has exited but is not reaped yet (a zombie, state Z, waiting for init) has not outlived. */
const alive = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

/** What a process runs, for a failure message. */
const commandOf = (pid: number) => {
  try {
    return `${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').slice(0, 160)}`;
  } catch {
    return `${pid} (gone)`;
  }
};

const servers: ServerProcess[] = [];
const dataDir = tempDir('meshport-crash-');
afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a server killed in the middle of processing: the run is picked up again on restart and finishes once', async () => {
  const { env, base } = await serverEnv(dataDir);
  const start = async () => {
    const server = startServerProcess('serve', { ...env, JOB_POLLING_SECONDS: '0.5' });
    servers.push(server);
    await serverReady(server);
    return server;
  };
  const first = await start();
  const login = await httpRequest<{ access_token: string }>(base, '/v2/login', {
    host: HOST,
    json: { identity: 'editor', password: 'meshport-demo-2026', issue_token: true },
  });
  const token = login.body.access_token;
  const target = { url: base, host: HOST, token };
  const projects = await httpRequest<{ data: { id: number }[] }>(base, '/v2/projects?per_page=1', {
    host: HOST,
    token,
  });

  const data = gridObj(600);
  const created = await tusCalls(target).create({ fileName: 'grid.obj', size: data.length }, data);
  expect(created.status, created.text).toBe(201);
  const model = await httpRequest<{ data: { id: number } }>(base, '/v2/projects/models', {
    host: HOST,
    token,
    json: {
      name: 'killed mid-job',
      project_id: projects.body.data[0]?.id,
      upload_id: uploadIdOf(created.headers.location as string),
    },
  });
  expect(model.status, model.text).toBe(201);
  const id = model.body.data.id;
  const record = () =>
    httpRequest<{ data: { status: string; latest_geometry_event: { message: string | null } } }>(
      base,
      `/v2/projects/models/${id}`,
      { host: HOST, token, headers: { 'cache-control': 'no-cache' } },
    );
  const events = async () =>
    (
      await httpRequest<{ data: { step: string; message: string }[] }>(
        base,
        `/v2/projects/models/${id}/geometry-events`,
        {
          host: HOST,
          token,
        },
      )
    ).body.data;

  // Killed once the converter is at work (the file is stored, converting has begun).
  for (let i = 0; ; i++) {
    const steps = (await events()).map((event) => event.step);
    if (steps.includes('store')) break;
    expect(i, 'processing never started').toBeLessThan(300);
    await sleep(100);
  }
  const helpers = descendants(first.child.pid as number);
  first.child.kill('SIGKILL');
  await first.exited;
  // Nothing the server started outlives it (the converter and the browser end with it). The
  // converter runs at niceness 10: its watchdog notices within 250 ms of CPU time, but on a
  // machine the whole suite keeps busy it waited over 5 s for a time slice; a converter left
  // behind for good still fails here.
  for (let i = 0; i < 200 && helpers.some(alive); i++) await sleep(100);
  expect(helpers.filter(alive).map(commandOf)).toEqual([]);

  await start();
  for (let i = 0; ; i++) {
    const { status } = (await record()).body.data;
    if (status === 'FINISHED' || status === 'FAILED') break;
    expect(i, 'the run was not picked up again').toBeLessThan(900);
    await sleep(200);
  }
  expect((await record()).body.data.status).toBe('FINISHED');
  const log = await events();
  expect(log.filter((event) => event.step === 'finish')).toHaveLength(1);
  expect(
    log.some((event) => /attempt 2/.test(event.message)),
    JSON.stringify(log),
  ).toBe(true);
}, 240_000);
