import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#core/db/database.ts';
import { HttpError } from '#core/http/http-error.ts';

export interface RateLimits {
  perAccount: number;
  perAddress: number;
  windowMinutes: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perAccount: 5, perAddress: 20, windowMinutes: 15 };

interface LimitedKey {
  key: string;
  limit: number;
}

/** A sign-in attempt already counted; settle it with `succeeded` or `withdraw`, or leave it as a failure. */
export interface LoginAttempt {
  /** The account's key, or for an identity without an account, the key of this address and identity. */
  readonly ownKey: string;
  readonly addressKey: string;
  /** The address key's window when this attempt was counted, as PostgreSQL text (exact to the microsecond). */
  readonly addressWindow: string;
}

const TOO_MANY_SIGN_INS = 'Too many failed sign-in attempts.';

const tooMany = (message: string, retrySeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retrySeconds / 60));
  return new HttpError(
    429,
    `${message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    {},
    { 'retry-after': String(Math.max(1, retrySeconds)) },
  );
};

/**
 * Counts sign-in attempts per account and per address in PostgreSQL, so that every server
 * process shares the count. An attempt is counted before its password is checked; a success
 * clears the account's count and gives the address its attempt back.
 */
export class LoginRateLimiter {
  constructor(
    private readonly database: Database,
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
  ) {}

  /**
   * Counts one attempt against the account (or, for an identity without an account, against
   * this address and that identity, with the same limit) and against the address. Throws 429,
   * with the attempt still counted, when any count is now over its limit.
   */
  async begin(accountId: number | null, identity: string, address: string): Promise<LoginAttempt> {
    const ownKey = accountId === null ? `identity:${address}:${identity.toLowerCase()}` : `account-id:${accountId}`;
    const addressKey = `address:${address}`;
    const rows = await this.count(ownKey, addressKey, TOO_MANY_SIGN_INS);
    const addressWindow = rows.find((row) => row.key === addressKey)?.window_started_at;
    if (addressWindow === undefined) throw new Error('the attempt count returned no row for the address');
    return { ownKey, addressKey, addressWindow };
  }

  /**
   * Counts one request against `ownKey` (the per-account limit) and `addressKey` (the per-address
   * limit), atomically; throws 429 with `message`, the request still counted, when either is over.
   */
  async count(ownKey: string, addressKey: string, message: string) {
    const keys: LimitedKey[] = [
      { key: ownKey, limit: this.limits.perAccount },
      { key: addressKey, limit: this.limits.perAddress },
    ];
    const rows = await this.increment(keys);
    const over = rows.filter((row) => row.failures > (keys.find((k) => k.key === row.key)?.limit ?? 0));
    if (over.length > 0) throw tooMany(message, Math.max(...over.map((row) => row.retry_seconds)));
    return rows;
  }

  /** The account signed in: its count starts over, and the address does not pay for the attempt. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.database.system.execute(sql`
      with cleared as (delete from login_failures where key = ${attempt.ownKey})
      ${this.refundAddress(attempt)}`);
  }

  /** Neither a failure nor a success (the right password, but the server is in maintenance). */
  async withdraw(attempt: LoginAttempt): Promise<void> {
    await this.database.system.execute(sql`
      with returned as (update login_failures set failures = failures - 1 where key = ${attempt.ownKey} and failures > 0)
      ${this.refundAddress(attempt)}`);
  }

  /**
   * One statement adds one to every key (starting a new window where the old one ended) and
   * returns the new counts, so concurrent attempts on any number of connections each see their
   * own count. Keys are locked in sorted order so that two attempts cannot deadlock.
   */
  private increment(keys: LimitedKey[]) {
    const window = sql`make_interval(mins => ${this.limits.windowMinutes})`;
    const expired = sql`login_failures.window_started_at <= now() - ${window}`;
    const sorted = [...new Set(keys.map((k) => k.key))].sort();
    return queryRows<{ key: string; failures: number; window_started_at: string; retry_seconds: number }>(
      this.database.system,
      sql`
      insert into login_failures (key, failures, window_started_at)
      values ${sql.join(
        sorted.map((key) => sql`(${key}, 1, now())`),
        sql`, `,
      )}
      on conflict (key) do update set
        failures = case when ${expired} then 1 else login_failures.failures + 1 end,
        window_started_at = case when ${expired} then now() else login_failures.window_started_at end
      returning key, failures, window_started_at::text as window_started_at,
        ceil(extract(epoch from (window_started_at + ${window} - now())))::int as retry_seconds`,
    );
  }

  private refundAddress(attempt: LoginAttempt) {
    return sql`update login_failures set failures = failures - 1
      where key = ${attempt.addressKey} and window_started_at = ${attempt.addressWindow}::timestamptz and failures > 0`;
  }
}
