/**
 * The realtime connection's states (shell.md §4), named as Pusher-style clients name them:
 * - initialized: created, not asked to connect yet;
 * - connecting: the first attempt (or a manual retry) is under way;
 * - connected: joined channels receive events;
 * - unavailable: the connection dropped or could not be made; retrying with back-off;
 * - failed: the server refused the connection (no session, wrong host); no automatic retry;
 * - disconnected: closed on purpose (signed out, provider unmounted).
 */
export const REALTIME_STATES = [
  'initialized',
  'connecting',
  'connected',
  'unavailable',
  'failed',
  'disconnected',
] as const;
export type RealtimeState = (typeof REALTIME_STATES)[number];

export interface BackoffOptions {
  /** First delay in ms. */
  initial: number;
  /** Upper bound in ms. */
  max: number;
  /** 0..1: the share of the delay that is randomised (spreads reconnecting clients). */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initial: 1_000, max: 30_000, jitter: 0.3 };

/** Delay before retry number `attempt` (1-based): doubling from `initial`, capped at `max`, with jitter. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random = Math.random): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  const base = Math.min(options.max, options.initial * 2 ** exponent);
  const spread = base * options.jitter;
  return Math.round(base - spread + random() * 2 * spread);
}

/** Handshake refusals that retrying cannot fix: no session (401), refused origin (403), no company host (404). */
export function isFatalHandshakeStatus(status: unknown): boolean {
  return status === 401 || status === 403 || status === 404;
}
