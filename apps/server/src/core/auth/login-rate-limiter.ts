import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#core/db/database.ts';
import { HttpError } from '#core/http/http-error.ts';

export interface RateLimits {
  /** Failures per account from one client address (the owner elsewhere is not refused). */
  perAccount: number;
  /** Attempts from one client address, whatever the accounts. */
  perAddress: number;
  /** Failures per account from all addresses together; by default 20 times `perAccount`, at least 100. */
  perAccountTotal?: number;
  windowMinutes: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  perAccount: 5,
  perAddress: 20,
  perAccountTotal: 100,
  windowMinutes: 15,
};

interface LimitedKey {
  key: string;
  limit: number;
}

/** A key counted by an attempt and the window it was counted in, so that a refund never reaches a later window. */
interface CountedKey {
  readonly key: string;
  /** PostgreSQL text of the window's start, exact to the microsecond. */
  readonly window: string;
}

/** A sign-in attempt already counted; settle it with `succeeded` or `withdraw`, or leave it as a failure. */
export interface LoginAttempt {
  /** The account's (or, without an account, the identity's) key for this client address. */
  readonly ownKey: string;
  /** The account's (or the identity's) key over every address. */
  readonly total: CountedKey;
  readonly address: CountedKey;
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
 * Counts sign-in attempts in PostgreSQL, so that every server process shares the count
 * (docs/decisions/0033, "Guessing passwords"): per account and client address, so that guesses
 * from one place do not lock the owner out elsewhere; per address over all accounts; and per
 * account over all addresses with a much higher limit, so that a guesser with many addresses is
 * slowed too. An attempt is counted before its password is checked; a success clears the
 * account's count at that address and gives the other counts their attempt back.
 */
export class LoginRateLimiter {
  private readonly perAccountTotal: number;

  constructor(
    private readonly database: Database,
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
  ) {
    this.perAccountTotal = limits.perAccountTotal ?? Math.max(100, limits.perAccount * 20);
  }

  /**
   * Counts one attempt against the account at this address, the account over all addresses and
   * the address (for an identity without an account, the identity stands for the account, with
   * the same limits, so that the answer does not tell whether it exists). Throws 429, with the
   * attempt still counted, when any count is now over its limit. My Account's `current_password`
   * is an attempt too.
   */
  async begin(accountId: number | null, identity: string, address: string): Promise<LoginAttempt> {
    const who = accountId === null ? `identity:${identity.toLowerCase()}` : `account-id:${accountId}`;
    const ownKey = `${who}@${address}`;
    const keys = [
      { key: ownKey, limit: this.limits.perAccount },
      { key: who, limit: this.perAccountTotal },
      { key: `address:${address}`, limit: this.limits.perAddress },
    ];
    const rows = await this.countKeys(keys, TOO_MANY_SIGN_INS);
    const counted = (key: string): CountedKey => {
      const window = rows.find((row) => row.key === key)?.window_started_at;
      if (window === undefined) throw new Error(`the attempt count returned no row for ${key}`);
      return { key, window };
    };
    return { ownKey, total: counted(who), address: counted(`address:${address}`) };
  }

  /**
   * Counts one request against `ownKey` (the per-account limit) and `addressKey` (the per-address
   * limit), atomically; throws 429 with `message`, the request still counted, when either is over.
   */
  async count(ownKey: string, addressKey: string, message: string) {
    return this.countKeys(
      [
        { key: ownKey, limit: this.limits.perAccount },
        { key: addressKey, limit: this.limits.perAddress },
      ],
      message,
    );
  }

  /**
   * 429 when `key` has already reached `limit` failures in its window, without counting this request: what a
   * guessed secret (a share token) checks before it is looked up, so that a right guess after the limit is refused too.
   */
  async refuseWhenOver(key: string, message: string, limit = this.limits.perAddress): Promise<void> {
    const window = sql`make_interval(mins => ${this.limits.windowMinutes})`;
    const [row] = await queryRows<{ failures: number; retry_seconds: number }>(
      this.database.system,
      sql`select failures, ceil(extract(epoch from (window_started_at + ${window} - now())))::int as retry_seconds
        from login_failures where key = ${key} and window_started_at > now() - ${window}`,
    );
    if (row && row.failures >= limit) throw tooMany(message, row.retry_seconds);
  }

  /** Counts one failure of `key` (by default against the per-address limit); 429 when it is now over. */
  async countFailure(key: string, message: string, limit = this.limits.perAddress): Promise<void> {
    await this.countKeys([{ key, limit }], message);
  }

  /**
   * The account signed in: its count at this address starts over, and the other counts do not
   * pay for the attempt (the total is not cleared: the owner's success must not give a guesser
   * elsewhere a new budget).
   */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.database.system.execute(sql`
      with cleared as (delete from login_failures where key = ${attempt.ownKey})
      ${this.refund([attempt.total, attempt.address])}`);
  }

  /** Neither a failure nor a success (the right password, but the server is in maintenance). */
  async withdraw(attempt: LoginAttempt): Promise<void> {
    await this.database.system.execute(sql`
      with returned as (update login_failures set failures = failures - 1 where key = ${attempt.ownKey} and failures > 0)
      ${this.refund([attempt.total, attempt.address])}`);
  }

  private async countKeys(keys: LimitedKey[], message: string) {
    const rows = await this.increment(keys);
    const over = rows.filter((row) => row.failures > (keys.find((k) => k.key === row.key)?.limit ?? 0));
    if (over.length > 0) throw tooMany(message, Math.max(...over.map((row) => row.retry_seconds)));
    return rows;
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

  /** One statement: each counted key gives back its attempt, in the window that counted it only. */
  private refund(counted: CountedKey[]) {
    const pairs = sql.join(
      counted.map(({ key, window }) => sql`(${key}::text, ${window}::timestamptz)`),
      sql`, `,
    );
    return sql`update login_failures set failures = failures - 1
      from (values ${pairs}) as counted (key, window_started_at)
      where login_failures.key = counted.key and login_failures.window_started_at = counted.window_started_at
        and login_failures.failures > 0`;
  }
}
