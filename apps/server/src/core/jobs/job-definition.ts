import type { z } from 'zod';

/** How a failed run is tried again (pg-boss does it: the job waits in the database meanwhile). */
export interface RetryPolicy {
  /** Retries after the first run: 0 runs a job once, 2 up to three times. */
  limit: number;
  /** Seconds before the first retry (whole seconds, at least 1 with `backoff`). */
  delaySeconds: number;
  /** Each retry waits about twice as long as the one before (pg-boss adds up to 100% jitter). */
  backoff: boolean;
}

export interface JobContext {
  id: string;
  name: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Aborted when the run took longer than `expireInSeconds` or the worker stopped without waiting for it. */
  signal: AbortSignal;
}

export type JobHandler<S extends z.ZodType = z.ZodType> = (
  payload: z.output<S>,
  context: JobContext,
) => Promise<unknown>;

export interface JobDefinition<N extends string = string, S extends z.ZodType = z.ZodType> {
  /** Lower case words, dots and dashes: `models.process`. */
  name: N;
  /** A `z.object` of plain JSON data: checked when the job is asked for (a bad payload throws there), and before it runs. */
  payload: S;
  retry: RetryPolicy;
  /**
   * Longest a run may take (default 15 minutes). A run still going then is failed and retried;
   * a job whose worker died is noticed this long after it started (plus the maintenance interval).
   */
  expireInSeconds?: number;
  /** Runs the job where this process works jobs; a module may instead call `JobQueue.work` at composition. */
  handler?: JobHandler<S>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds definitions of every payload type
export type AnyJob = JobDefinition<string, any>;

export const DEFAULT_EXPIRE_SECONDS = 15 * 60;
const NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*$/;

export class JobDefinitionError extends Error {}

/** A job's name, payload schema and retry policy; checked once, here, so a mistake shows at start-up. */
export function defineJob<const N extends string, S extends z.ZodType>(
  definition: JobDefinition<N, S>,
): JobDefinition<N, S> {
  const { name, retry, expireInSeconds } = definition;
  const problems: string[] = [];
  if (!NAME.test(name) || name.length > 100) problems.push('name: lower case words, dots and dashes');
  if (!Number.isInteger(retry.limit) || retry.limit < 0) problems.push('retry.limit: a whole number >= 0');
  if (!Number.isInteger(retry.delaySeconds) || retry.delaySeconds < (retry.backoff ? 1 : 0)) {
    problems.push(`retry.delaySeconds: a whole number >= ${retry.backoff ? 1 : 0}`);
  }
  if (expireInSeconds !== undefined && (!Number.isInteger(expireInSeconds) || expireInSeconds < 1)) {
    problems.push('expireInSeconds: a whole number >= 1');
  }
  if (problems.length) throw new JobDefinitionError(`Job "${name}":\n  ${problems.join('\n  ')}`);
  return definition;
}

/** A payload the job's schema refuses: thrown where the job was asked for, nothing is enqueued. */
export class JobPayloadError extends Error {
  constructor(
    readonly job: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    const lines = issues.map((issue) => `  ${issue.path.join('.') || '(payload)'}: ${issue.message}`);
    super(`Job "${job}": payload refused by its schema:\n${lines.join('\n')}`);
  }
}

export function parsePayload<S extends z.ZodType>(definition: JobDefinition<string, S>, payload: unknown): z.output<S> {
  const parsed = definition.payload.safeParse(payload);
  if (!parsed.success) throw new JobPayloadError(definition.name, parsed.error.issues);
  return parsed.data;
}

/** Job name → definition. Core knows no names: the composition root adds the modules' definitions. */
export class JobRegistry {
  private readonly byName = new Map<string, AnyJob>();

  constructor(definitions: Iterable<AnyJob> = []) {
    for (const definition of definitions) this.add(definition);
  }

  add(definition: AnyJob): void {
    const known = this.byName.get(definition.name);
    if (known && known !== definition) throw new JobDefinitionError(`Job "${definition.name}" is defined twice`);
    this.byName.set(definition.name, definition);
  }

  get(name: string): AnyJob {
    const definition = this.byName.get(name);
    if (!definition) throw new JobDefinitionError(`No job named "${name}" is registered`);
    return definition;
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  all(): AnyJob[] {
    return [...this.byName.values()];
  }
}
