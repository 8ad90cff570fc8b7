import { type ChildProcess, fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { COMPILED, runtimeFile } from '#core/config/server-paths.ts';
import {
  ConversionError,
  type ConversionResult,
  type ConversionStep,
  type ConverterLimits,
  codedFailure,
  DEFAULT_LIMITS,
  type StepReport,
} from './conversion-types.ts';
import type { ConvertInput, WorkerReply, WorkerRequest } from './converter-protocol.ts';

export {
  ConversionError,
  type ConversionFigures,
  type ConversionResult,
  type ConversionStep,
  type ConverterLimits,
  type StepReport,
} from './conversion-types.ts';

const WORKER_ENTRY = runtimeFile('modules/processing/conversion/conversion-worker.ts', 'conversion-worker.js');
/** The sources need tsx's loader in the child too; the build's worker is plain JavaScript. */
const LOADER_ARGS = COMPILED ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href];
const RSS_POLL_MS = 50;

type Ending = 'memory' | 'timeout' | 'cancelled' | 'crash';

/** Resident memory of a process in MB, from /proc (Linux); null where unavailable. */
async function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Raises a child's niceness (never lowers it); where the system refuses, it runs as it is. */
function lowerPriority(pid: number | undefined, niceness: number): void {
  if (!pid || niceness <= 0) return;
  try {
    os.setPriority(pid, Math.max(os.getPriority(pid), niceness));
  } catch {
    // Not permitted here: the conversion still runs, at the server's priority.
  }
}

/**
 * Runs inspect → convert → optimise in a contained child process kept warm between jobs: a heap cap, an RSS watchdog
 * and a time limit. A child that dies fails only its job; the next job starts a fresh one. Jobs run one at a time.
 */
export class Converter {
  private readonly limits: ConverterLimits;
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private closed = false;
  /** Peak resident memory of the current child process (since it started), MB, updated after each job. */
  peakRssMb = 0;

  constructor(limits?: Partial<ConverterLimits>) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** Runs inspect → convert → optimise in a contained child process kept warm between jobs; reports each step as it ends. */
  convert(input: ConvertInput, onStep: (report: StepReport) => void, signal?: AbortSignal): Promise<ConversionResult> {
    const job = this.queue.then(() => this.run(input, onStep, signal));
    this.queue = job.catch(() => undefined);
    return job;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.stopChild();
  }

  private start(): { child: ChildProcess; ready: Promise<void> } {
    if (this.child && this.ready && this.child.exitCode === null && this.child.signalCode === null) {
      return { child: this.child, ready: this.ready };
    }
    const heapMb = Math.max(128, Math.floor(this.limits.memoryMb * 0.75));
    const child = fork(WORKER_ENTRY, [], {
      execArgv: [...LOADER_ARGS, `--max-old-space-size=${heapMb}`, '--no-warnings'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerReply) => {
        if (message.type !== 'ready') return;
        child.off('exit', onExit);
        child.off('message', onMessage);
        resolve();
      };
      const onExit = () => reject(codedFailure('inspect', 'converterNotStarted'));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
    ready.catch(() => undefined);
    lowerPriority(child.pid, this.limits.niceness);
    child.unref();
    this.child = child;
    this.ready = ready;
    return { child, ready };
  }

  private stopChild() {
    const child = this.child;
    this.child = undefined;
    this.ready = undefined;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  private async run(input: ConvertInput, onStep: (report: StepReport) => void, signal?: AbortSignal) {
    if (this.closed) throw codedFailure('inspect', 'converterShutDown');
    if (signal?.aborted) throw codedFailure('inspect', 'conversionCancelled');
    const { child, ready } = this.start();
    this.peakRssMb = 0;
    child.channel?.ref();
    const id = this.nextId++;
    let step: ConversionStep = 'inspect';
    let ending: Ending | undefined;
    const end = (why: Ending) => {
      ending ??= why;
      child.kill('SIGKILL');
    };
    const { memoryMb, timeoutMs } = this.limits;
    const timer = setTimeout(() => end('timeout'), timeoutMs);
    const watchdog = setInterval(() => {
      if (child.pid === undefined) return;
      void rssMb(child.pid).then((mb) => {
        if (mb === null) return;
        this.peakRssMb = Math.max(this.peakRssMb, mb);
        if (mb > memoryMb) end('memory');
      });
    }, RSS_POLL_MS);
    const onAbort = () => end('cancelled');
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await ready;
      return await new Promise<ConversionResult>((resolve, reject) => {
        const onMessage = (message: WorkerReply) => {
          if (message.type === 'ready' || message.id !== id) return;
          if (message.type === 'step') {
            step = message.report.step === 'inspect' ? 'convert' : 'optimise';
            onStep(message.report);
            return;
          }
          cleanup();
          if (message.type === 'done') resolve(message.result);
          else reject(new ConversionError(message.step, message.message, message.coded ?? null));
        };
        const onExit = (code: number | null, signalName: NodeJS.Signals | null) => {
          cleanup();
          // V8 aborts (SIGABRT, exit 134) when the heap cap is reached.
          const why = ending ?? (signalName === 'SIGABRT' || code === 134 ? 'memory' : 'crash');
          reject(this.ending(step, why));
        };
        const cleanup = () => {
          child.off('message', onMessage);
          child.off('exit', onExit);
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send({ type: 'convert', id, input } satisfies WorkerRequest);
      });
    } catch (error) {
      if (error instanceof ConversionError && ending) throw this.ending(error.step, ending);
      throw error;
    } finally {
      if (child.pid !== undefined && !ending) {
        const peak = await rssMb(child.pid, 'VmHWM');
        if (peak !== null) this.peakRssMb = Math.max(this.peakRssMb, peak);
      }
      clearTimeout(timer);
      clearInterval(watchdog);
      signal?.removeEventListener('abort', onAbort);
      if (ending || child.exitCode !== null || child.signalCode !== null) this.stopChild();
      else child.channel?.unref();
    }
  }

  private ending(step: ConversionStep, why: Ending): ConversionError {
    switch (why) {
      case 'memory':
        return codedFailure(step, 'converterOutOfMemory', { limitNumber: this.limits.memoryMb });
      case 'timeout':
        return codedFailure(step, 'converterTimedOut', { limitNumber: Math.round(this.limits.timeoutMs / 1000) });
      case 'cancelled':
        return codedFailure(step, 'conversionCancelled');
      case 'crash':
        return codedFailure(step, 'unreadable');
    }
  }
}
