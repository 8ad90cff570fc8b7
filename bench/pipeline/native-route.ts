import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The native peers: Debian's `assimp export … -fglb2`, then the gltf-transform CLI's `optimize`
 * with its defaults except WebP textures (as our route makes). Each command is a fresh process,
 * timed by the wall clock, its peak memory from GNU time.
 */

const GNU_TIME = '/usr/bin/time';
const COMMAND_TIMEOUT_MS = 10 * 60_000;

/** The gltf-transform CLI: GLTF_TRANSFORM_CLI when set, else bench's @gltf-transform/cli dependency. */
export function gltfTransformCli(): string {
  const fromEnv = process.env.GLTF_TRANSFORM_CLI;
  if (fromEnv) {
    if (!fs.existsSync(fromEnv)) throw new Error(`GLTF_TRANSFORM_CLI=${fromEnv} does not exist`);
    return fromEnv;
  }
  // The package exports no package.json: find its folder from its entry.
  try {
    const entry = createRequire(import.meta.url).resolve('@gltf-transform/cli');
    let folder = path.dirname(entry);
    while (!fs.existsSync(path.join(folder, 'bin', 'cli.js')) && folder !== path.dirname(folder))
      folder = path.dirname(folder);
    return path.join(folder, 'bin', 'cli.js');
  } catch {
    throw new Error(
      'The gltf-transform CLI is missing: add @gltf-transform/cli@4.5.1 to bench devDependencies, or set GLTF_TRANSFORM_CLI to its bin/cli.js',
    );
  }
}

export interface CommandRun {
  ok: boolean;
  ms: number;
  peakMb: number;
  /** Last lines of the command's output when it failed. */
  error?: string;
}

function run(command: string, args: string[], cwd: string, expectFile: string): Promise<CommandRun> {
  const timeFile = path.join(cwd, '.time');
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(GNU_TIME, ['-v', '-o', timeFile, command, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), COMMAND_TIMEOUT_MS);
    // A command that cannot start (missing binary) fails its file, not the bench.
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, ms: performance.now() - started, peakMb: 0, error: `not started: ${error.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      let peakMb = 0;
      try {
        const report = fs.readFileSync(timeFile, 'utf8');
        const match = /Maximum resident set size \(kbytes\): (\d+)/.exec(report);
        if (match?.[1]) peakMb = Number(match[1]) / 1024;
      } catch {
        // GNU time wrote nothing (killed): no memory figure.
      }
      const produced = fs.existsSync(expectFile) && fs.statSync(expectFile).size > 0;
      if (code === 0 && produced) resolve({ ok: true, ms, peakMb });
      else {
        const lines = output
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line && !line.startsWith('Command exited'));
        const reason = signal ? `killed (${signal})` : `exit ${code}${produced ? '' : ', no output file'}`;
        resolve({ ok: false, ms, peakMb, error: `${reason}: ${lines.slice(-2).join(' | ')}` });
      }
    });
  });
}

export interface NativeRun {
  assimp: CommandRun;
  optimize: CommandRun | null;
  /** Whole route; only meaningful when both commands succeeded. */
  ms: number;
  ok: boolean;
  intermediate: string | null;
  output: string | null;
}

/** Run both commands on `model`, which lies in `dir` together with its side files. */
export async function runNative(model: string, dir: string, cli: string): Promise<NativeRun> {
  const intermediate = path.join(dir, '.native-assimp.glb');
  const output = path.join(dir, '.native-optimized.glb');
  const assimp = await run('assimp', ['export', model, intermediate, '-fglb2'], dir, intermediate);
  if (!assimp.ok) return { assimp, optimize: null, ms: assimp.ms, ok: false, intermediate: null, output: null };
  const optimize = await run(
    process.execPath,
    [cli, 'optimize', intermediate, output, '--texture-compress', 'webp'],
    dir,
    output,
  );
  return {
    assimp,
    optimize,
    ms: assimp.ms + optimize.ms,
    ok: optimize.ok,
    intermediate,
    output: optimize.ok ? output : null,
  };
}

/** The route's record when it could not run at all (an exception): the file shows "native: failed", the bench goes on. */
export function failedNative(error: unknown): NativeRun {
  const message = error instanceof Error ? error.message : String(error);
  return {
    assimp: { ok: false, ms: 0, peakMb: 0, error: message },
    optimize: null,
    ms: 0,
    ok: false,
    intermediate: null,
    output: null,
  };
}
