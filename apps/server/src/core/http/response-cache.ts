import { constants, gzipSync } from 'node:zlib';
import type { Change, ChangeFeed } from '#core/db/change-feed.ts';

/** Smaller bodies are not worth compressing. */
const GZIP_FROM_BYTES = 1024;

export interface ResponseCacheOptions {
  /** Upper bound of the bodies held, in bytes. */
  maxBytes: number;
  /** A body is served at most this long after it was built (time-dependent fields). */
  ttlMs: number;
  now?: () => number;
}

/**
 * A kept answer: its UTF-8 bytes, and gzipped once for clients that accept it, on its first
 * hit (most answers of a busy mix are never asked for again: compressing them would be waste).
 * `gzip` is undefined until then, and null when compressing does not pay.
 */
export interface CachedBody {
  identity: Buffer;
  gzip?: Buffer | null;
}

/**
 * What an answer is built from: the tables it reads (besides REQUEST_CONTEXT_TABLES), or
 * `null` for anything of its company (a route that declares `cache: true` alone).
 */
export type CacheTables = ReadonlySet<string> | null;

/**
 * The tables the request's context is built from (the company, the session's account, its
 * membership, abilities and licences). An answer may depend on them through who asks (the
 * search categories one may see), so every cached answer depends on them.
 */
export const REQUEST_CONTEXT_TABLES: readonly string[] = [
  'companies',
  'company_licences',
  'accounts',
  'memberships',
  'roles',
  'role_abilities',
  'membership_licences',
];

/** What a miss remembers, so that a body built while its data changed is not kept. */
export interface CacheSlot {
  key: string;
  companyId: number;
  tables: CacheTables;
  /** The change count when the answer started to be built: a change after it makes the body stale. */
  stamp: number;
}

interface Entry extends CacheSlot {
  body: CachedBody;
  expires: number;
  bytes: number;
}

/**
 * When each kind of change last happened, as a value of the change count (docs/decisions/0021).
 * An entry built at stamp `s` is stale once any change it depends on has a later count.
 */
class ChangeClock {
  count = 0;
  /** The last change of everything (`*`, the feed reconnected). */
  everything = 0;
  /** The last change in any company's table (`*:{table}`), any table. */
  anyTable = 0;
  /** The last change of a table in any company. */
  readonly table = new Map<string, number>();
  /** The last change of a company that names no table (this process's route writes). */
  readonly companyWhole = new Map<number, number>();
  /** The last change of any kind in a company. */
  readonly companyAny = new Map<number, number>();
  /** The last change of a company's table. */
  readonly companyTable = new Map<number, Map<string, number>>();

  record(change: Change): void {
    if (change.kind === 'sessions') return;
    const at = ++this.count;
    if (change.kind === 'all') {
      if (change.table === undefined) {
        this.everything = at;
        // Everything before is dead: what they remember is older than `everything`.
        this.anyTable = 0;
        this.table.clear();
        this.companyWhole.clear();
        this.companyAny.clear();
        this.companyTable.clear();
      } else {
        this.anyTable = at;
        this.table.set(change.table, at);
      }
      return;
    }
    this.companyAny.set(change.companyId, at);
    if (change.table === undefined) {
      this.companyWhole.set(change.companyId, at);
      return;
    }
    let tables = this.companyTable.get(change.companyId);
    if (!tables) {
      tables = new Map();
      this.companyTable.set(change.companyId, tables);
    }
    tables.set(change.table, at);
  }

  /** Whether nothing that an answer of `companyId` built from `tables` depends on changed after `stamp`. */
  unchangedSince(stamp: number, companyId: number, tables: CacheTables): boolean {
    if (this.everything > stamp || (this.companyWhole.get(companyId) ?? 0) > stamp) return false;
    if (tables === null) return (this.companyAny.get(companyId) ?? 0) <= stamp && this.anyTable <= stamp;
    const own = this.companyTable.get(companyId);
    for (const name of tables) {
      if ((own?.get(name) ?? 0) > stamp || (this.table.get(name) ?? 0) > stamp) return false;
    }
    return true;
  }
}

/**
 * Serialised answers of read calls, per company, user and URL (docs/decisions/0012). Each
 * answer remembers the tables it was built from; a change of one of them in its company (from
 * the change feed), a change of its whole company (this process's own write) or a change of
 * everything makes it stale (docs/decisions/0021). Stale entries leave as they are met or as
 * least recently used. Serves nothing while the feed is not live.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly clock = new ChangeClock();
  private bytes = 0;
  private readonly now: () => number;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'live' | 'subscribe'>,
    private readonly options: ResponseCacheOptions,
  ) {
    this.now = options.now ?? Date.now;
    feed.subscribe((change) => this.apply(change));
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0 && this.feed.live;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  static key(companyId: number, accountId: number, platform: string | null, url: string): string {
    return `${companyId}\u0000${accountId}\u0000${platform ?? ''}\u0000${url}`;
  }

  /**
   * The set a route's declaration stands for: its tables and the request context's, or null
   * (any change of its company) when it names none. Built once per route.
   */
  static tablesOf(declared: readonly string[] | null): CacheTables {
    return declared === null ? null : new Set([...declared, ...REQUEST_CONTEXT_TABLES]);
  }

  /** A slot for `key`, to fill after a miss with a body built from `tables` of `companyId`. */
  slot(key: string, companyId: number, tables: CacheTables = null): CacheSlot {
    return { key, companyId, tables, stamp: this.clock.count };
  }

  /** The body as bytes, sent as they are: no serialising, encoding or compressing per hit. */
  get(key: string): CachedBody | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.current(entry) || entry.expires <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    // Least recently used first: a hit moves the entry to the end of the map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  /** The body gzipped, compressed now if this is its first hit; null when not worth it. */
  gzipped(key: string, body: CachedBody): Buffer | null {
    if (body.gzip !== undefined) return body.gzip;
    const compressed =
      body.identity.length >= GZIP_FROM_BYTES
        ? gzipSync(body.identity, { level: constants.Z_DEFAULT_COMPRESSION })
        : null;
    body.gzip = compressed && compressed.length < body.identity.length ? compressed : null;
    const entry = this.entries.get(key);
    if (entry?.body === body && body.gzip) {
      entry.bytes += body.gzip.length;
      this.bytes += body.gzip.length;
    }
    return body.gzip;
  }

  /**
   * Drops what one person's reads of a company left here: after their own write, their next
   * read on this process is built afresh. Everyone else's answers go when the change feed names
   * the tables the write touched (sub-millisecond on one host), as on every other process.
   */
  forgetAccount(companyId: number, accountId: number): void {
    const prefix = `${companyId}\u0000${accountId}\u0000`;
    for (const [key, entry] of this.entries) if (key.startsWith(prefix)) this.remove(key, entry);
    for (const listener of this.writeListeners) listener(companyId, accountId);
  }

  private readonly writeListeners = new Set<(companyId: number, accountId: number) => void>();

  /**
   * Told when an API write of this process is answered (as `forgetAccount` is): for memories
   * outside this cache whose writer must not wait for the change feed to read what they wrote.
   */
  onWrite(listener: (companyId: number, accountId: number) => void): void {
    this.writeListeners.add(listener);
  }

  set(slot: CacheSlot, text: string): void {
    if (!this.enabled || !this.current(slot)) return;
    const body: CachedBody = { identity: Buffer.from(text) };
    const bytes = body.identity.length + slot.key.length * 2;
    if (bytes > this.options.maxBytes / 8) return;
    const previous = this.entries.get(slot.key);
    if (previous) this.remove(slot.key, previous);
    this.entries.set(slot.key, { ...slot, body, bytes, expires: this.now() + this.options.ttlMs });
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(key, entry);
    }
  }

  apply(change: Change): void {
    this.clock.record(change);
    if (change.kind === 'all' && change.table === undefined) {
      this.entries.clear();
      this.bytes = 0;
    }
  }

  private current(slot: CacheSlot): boolean {
    return this.clock.unchangedSince(slot.stamp, slot.companyId, slot.tables);
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
