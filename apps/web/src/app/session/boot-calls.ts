import type { AuthPayload, PublicCompany, PublicConfig } from '@meshport/contract';
import { fetchPublicCompany } from './api/get-public-company.api.ts';
import { fetchServerConfig } from './api/get-server-config.api.ts';
import { validateSession } from './api/validate-session.api.ts';
import { guessBaseDomain, readHost } from './host.logic.ts';

/** Where a boot call stands: the providers start from it instead of making the call again. */
export type BootOutcome<T> = { state: 'pending' } | { state: 'done'; data: T } | { state: 'failed'; error: unknown };

interface BootCall<T> {
  promise: Promise<T>;
  outcome: BootOutcome<T>;
}

const calls = new Map<string, BootCall<unknown>>();

/** Starts `call` under `key` and keeps its outcome; exported for its test. */
export function startBootCall<T>(key: string, call: () => Promise<T>): Promise<T> {
  const entry: BootCall<T> = { promise: call(), outcome: { state: 'pending' } };
  entry.promise.then(
    (data) => {
      entry.outcome = { state: 'done', data };
    },
    (error: unknown) => {
      entry.outcome = { state: 'failed', error };
    },
  );
  calls.set(key, entry as BootCall<unknown>);
  return entry.promise;
}

export const BOOT_CONFIG = 'config';
export const BOOT_SESSION = 'session';
export const bootCompanyKey = (tenant: string) => `company:${tenant}`;

export interface BootCalls {
  /** Settles (either way) once every call has. */
  settled: Promise<unknown>;
  /** The session's user, or null when there is none (or the check failed). */
  user: Promise<AuthPayload['user'] | null>;
}

/**
 * The page's first calls, started by main.tsx before React renders: the server's config, the
 * host's company and the session check run beside the code and translations of the first screen,
 * not after them (each provider would otherwise make its own once mounted). The company is read
 * for the tenant the host names under the guessed base domain; should /config name another base
 * domain, TenantProvider reads the right one itself.
 */
export function startBootCalls(hostname: string): BootCalls {
  const config = startBootCall<PublicConfig>(BOOT_CONFIG, () => fetchServerConfig());
  const session = startBootCall<AuthPayload>(BOOT_SESSION, () => validateSession());
  const { tenant } = readHost(hostname, guessBaseDomain(hostname));
  const company =
    tenant === null ? null : startBootCall<PublicCompany>(bootCompanyKey(tenant), () => fetchPublicCompany(tenant));
  return {
    settled: Promise.allSettled([config, session, company]),
    user: session.then(
      (payload) => payload.user,
      () => null,
    ),
  };
}

/** The outcome of a boot call, or undefined when main.tsx did not start one under `key`. */
export function bootOutcome<T>(key: string): BootOutcome<T> | undefined {
  return calls.get(key)?.outcome as BootOutcome<T> | undefined;
}

/** The boot call under `key` while it still runs (a provider mounted before it settled waits for it). */
export function bootPromise<T>(key: string): Promise<T> | undefined {
  return calls.get(key)?.promise as Promise<T> | undefined;
}
