import fs from 'node:fs';
import os from 'node:os';
import {
  call,
  GiB,
  type MeshportServer,
  MiB,
  type RssWatch,
  signIn,
  sleep,
  startMeshport,
  waitForIdle,
  watchRss,
} from './meshport-process.ts';
import { createUpload, GeneratedObj, streamPatch, type TusTarget } from './tus-stream.ts';

/** The servers of the upload bench: planned size, and each server brought up and warmed up. */

const WARM_UP_BYTES = 32 * MiB;

/** The size asked for, or the largest that fits the temporary folder's free space (with 1 GiB to spare). */
export function plannedSize(gb: number): { size: number; freeBytes: number; reduced: boolean } {
  const asked = Math.round(gb * GiB);
  const stat = fs.statfsSync(os.tmpdir());
  const freeBytes = stat.bavail * stat.bsize;
  const fits = Math.floor((freeBytes - GiB) / (GiB / 10)) * (GiB / 10);
  if (asked <= fits) return { size: asked, freeBytes, reduced: false };
  if (fits < GiB / 10) throw new Error(`Only ${(freeBytes / GiB).toFixed(1)} GiB free in ${os.tmpdir()}: too little.`);
  return { size: fits, freeBytes, reduced: true };
}

export interface ServerRun {
  label: string;
  server: MeshportServer;
  watch: RssWatch;
  /** Watch time (ms) of the baseline window's end: after the warm-up upload. */
  baselineAt: number;
  readyMs: number;
  /** How long after ready the server (with its preview browser) went idle. */
  idleAfterMs: number;
  endedAt?: number;
}

/** A server on the data folder, signed in (or with the token of before), warmed up by a small upload. */
export async function bringUp(
  label: string,
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  token: string | null,
): Promise<{ run: ServerRun; target: TusTarget; tokenKept: boolean }> {
  const server = await startMeshport({ port, dataDir, databaseUrl, label });
  const watch = watchRss(server.pid);
  const idleAfterMs = await waitForIdle(server.pid);
  let tokenKept = false;
  let current = token;
  if (current) {
    const probe = await fetchStatus(server.base, current);
    tokenKept = probe === 200;
    if (!tokenKept) current = null;
  }
  const target = { base: server.base, token: current ?? (await signIn(server.base, 'editor')) };
  const warm = await createUpload(target, 'warm-up.obj', WARM_UP_BYTES);
  const out = await streamPatch(target, warm, new GeneratedObj(7, 4), 0, WARM_UP_BYTES);
  if (out.status !== 204)
    throw new Error(`${label}: the warm-up upload failed: ${out.status} ${out.error ?? out.answer}`);
  await sleep(1500);
  return {
    run: { label, server, watch, baselineAt: watch.now(), readyMs: server.readyMs, idleAfterMs },
    target,
    tokenKept,
  };
}

async function fetchStatus(base: string, token: string): Promise<number> {
  return (await call(base, '/v2/auth/validate', { token })).status;
}
