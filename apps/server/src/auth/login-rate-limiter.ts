import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';

export interface RateLimits {
  perAccount: number;
  perAddress: number;
  windowMinutes: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { perAccount: 5, perAddress: 20, windowMinutes: 15 };

/**
 * Counts failed sign-ins per account and per address in PostgreSQL, so that every server
 * process shares the count. A success clears the account's count.
 */
export class LoginRateLimiter {
  constructor(
    private readonly database: Database,
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
  ) {}

  private keys(identity: string, address: string) {
    return [
      { key: `account:${identity.toLowerCase()}`, limit: this.limits.perAccount },
      { key: `address:${address}`, limit: this.limits.perAddress },
    ];
  }

  /** Throws 429 while either key is over its limit. */
  async check(identity: string, address: string): Promise<void> {
    const keys = this.keys(identity, address);
    const rows = await queryRows<{ key: string; failures: number; retry_seconds: number }>(
      this.database.system,
      sql`
      select key, failures,
             ceil(extract(epoch from (window_started_at + make_interval(mins => ${this.limits.windowMinutes}) - now())))::int as retry_seconds
      from login_failures
      where key in (${sql.join(
        keys.map((k) => sql`${k.key}`),
        sql`, `,
      )})
        and window_started_at > now() - make_interval(mins => ${this.limits.windowMinutes})`,
    );
    for (const row of rows) {
      const limit = keys.find((k) => k.key === row.key)?.limit ?? 0;
      if (row.failures >= limit) {
        const minutes = Math.max(1, Math.ceil(row.retry_seconds / 60));
        throw new HttpError(
          429,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          {},
          { 'retry-after': String(Math.max(1, row.retry_seconds)) },
        );
      }
    }
  }

  async recordFailure(identity: string, address: string): Promise<void> {
    for (const { key } of this.keys(identity, address)) {
      await this.database.system.execute(sql`
        insert into login_failures (key, failures, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          failures = case when login_failures.window_started_at <= now() - make_interval(mins => ${this.limits.windowMinutes})
                          then 1 else login_failures.failures + 1 end,
          window_started_at = case when login_failures.window_started_at <= now() - make_interval(mins => ${this.limits.windowMinutes})
                          then now() else login_failures.window_started_at end`);
    }
  }

  async clearAccount(identity: string): Promise<void> {
    await this.database.system.execute(
      sql`delete from login_failures where key = ${`account:${identity.toLowerCase()}`}`,
    );
  }
}
