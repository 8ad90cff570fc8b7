import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

export const CHANGES_CHANNEL = 'meshport_changes';
const SYNC_TIMEOUT_MS = 5_000;

/** What a committed write touched (migration 0008). */
export type Change = { kind: 'company'; companyId: number } | { kind: 'all' } | { kind: 'sessions' };

export function parseChange(payload: string): Change | null {
  if (payload === '*') return { kind: 'all' };
  if (payload === 'sessions') return { kind: 'sessions' };
  return /^\d+$/.test(payload) ? { kind: 'company', companyId: Number(payload) } : null;
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
