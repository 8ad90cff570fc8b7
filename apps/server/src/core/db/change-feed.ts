import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

export const CHANGES_CHANNEL = 'meshport_changes';
const SYNC_TIMEOUT_MS = 5_000;

/**
 * What a committed write touched (migrations 0008, 0014): a table of one company, a table in
 * any company (the system path), or everything. `table` is absent when the table is not known
 * (this process's own route writes, a feed that was down): treat it as every table.
 */
export type Change =
  | { kind: 'company'; companyId: number; table?: string }
  | { kind: 'all'; table?: string }
  /** A session ended or shortened: of that account (migration 0023), or of anyone when absent. */
  | { kind: 'sessions'; accountId?: number };

const TABLE_NAME = /^[a-z_][a-z0-9_$]{0,62}$/;

/**
 * A payload of channel `meshport_changes`: `{company}:{table}`, `*:{table}`, `*`, `{company}`,
 * `sessions:{account}` or `sessions`.
 */
export function parseChange(payload: string): Change | null {
  if (payload === '*') return { kind: 'all' };
  if (payload === 'sessions') return { kind: 'sessions' };
  const ofAccount = /^sessions:(\d{1,10})$/.exec(payload);
  if (ofAccount) return { kind: 'sessions', accountId: Number(ofAccount[1]) };
  const colon = payload.indexOf(':');
  const who = colon < 0 ? payload : payload.slice(0, colon);
  const table = colon < 0 ? undefined : payload.slice(colon + 1);
  if (table !== undefined && !TABLE_NAME.test(table)) return null;
  if (who === '*') return table === undefined ? { kind: 'all' } : { kind: 'all', table };
  if (!/^\d+$/.test(who)) return null;
  return table === undefined
    ? { kind: 'company', companyId: Number(who) }
    : { kind: 'company', companyId: Number(who), table };
}

/**
 * Whether `change` may have touched one of `tables`: a change that names no table may have
 * touched any. Sessions changes are not table changes (their own kind).
 */
export function changeTouches(change: Change, tables: ReadonlySet<string>): boolean {
  if (change.kind === 'sessions') return false;
  return change.table === undefined || tables.has(change.table);
}

/**
 * The writes every server process commits, as the database announces them (LISTEN on
 * `meshport_changes`). Caches built on it must serve nothing while it is not `live`: a write
 * committed while the listening connection was down would go unseen.
 */
export class ChangeFeed {
  private readonly listeners = new Set<(change: Change) => void>();
  private readonly waiting = new Map<string, () => void>();
  private readonly marker = `sync:${randomBytes(6).toString('hex')}:`;
  private syncs = 0;
  private stop: (() => Promise<void>) | null = null;
  private liveNow = false;

  constructor(private readonly database: Database) {}

  get live(): boolean {
    return this.liveNow;
  }

  async start(): Promise<void> {
    this.stop ??= await this.database.listen(
      CHANGES_CHANNEL,
      (payload) => this.receive(payload),
      (live) => {
        this.liveNow = live;
        // What happened while nobody listened is unknown: everyone starts afresh.
        this.publish({ kind: 'all' });
      },
    );
  }

  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces a change now, in this process, for a write it has just committed itself. */
  publish(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }

  /**
   * Resolves once every change committed before the call has reached this process: a marker
   * notification sent now arrives after them (notifications arrive in commit order).
   */
  async sync(): Promise<void> {
    if (!this.liveNow) return;
    const marker = `${this.marker}${++this.syncs}`;
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(marker);
        resolve();
      }, SYNC_TIMEOUT_MS);
      this.waiting.set(marker, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await this.database.system.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${marker})`);
    await arrived;
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    await stop?.();
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
  }

  private receive(payload: string): void {
    const waiter = this.waiting.get(payload);
    if (waiter) {
      this.waiting.delete(payload);
      waiter();
      return;
    }
    const change = parseChange(payload);
    if (change) this.publish(change);
  }
}
