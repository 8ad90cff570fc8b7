import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';

/** Whose work a log line belongs to: a request (`reqId`, as Fastify names it) or a job run. */
export type LogContext = { reqId: string } | { jobId: string; job: string };

const current = new AsyncLocalStorage<LogContext>();

/** Runs `work` with its log lines (those of every logger made by `createLogger`) naming `context`. */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return current.run(context, work);
}

/** The fields of the work under way, for a line written by hand (JSON on stderr). */
export function logContextFields(): Record<string, string> {
  const context = current.getStore();
  return context ? { ...context } : {};
}

/**
 * A logger whose every line names the request or job it was written for, though it was made
 * once at start (a service's logger, the mailer's): the request id or job id comes from the
 * work under way, not from the logger. pino's merge writes into the object returned, so it is
 * a fresh one per line.
 */
export function createLogger(level: Level | 'silent', destination?: DestinationStream): Logger {
  return pino({ level, mixin: () => logContextFields() }, destination);
}

/**
 * Fastify's logger: a request's `request.log` names its `reqId` already (a child's binding,
 * which pino would write a second time), so only a job's fields are added.
 */
export function jobLogFields(): Record<string, string> {
  const context = current.getStore();
  return context && 'jobId' in context ? { jobId: context.jobId, job: context.job } : {};
}
