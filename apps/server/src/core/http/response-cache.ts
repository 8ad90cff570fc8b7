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

/** A kept answer: its UTF-8 bytes, and gzipped once for clients that accept it. */
export interface CachedBody {
  identity: Buffer;
  gzip: Buffer | null;
}

interface Entry {
  body: CachedBody;
  companyId: number;
  generation: number;
  epoch: number;
  expires: number;
  bytes: number;
}

/** What a miss remembers, so that a body built while its data changed is not kept. */
export interface CacheSlot {
  key: string;
  companyId: number;
  generation: number;
  epoch: number;
}

/**
 * Serialised answers of read calls, per company, user and URL (docs/decisions/0012). A change
 * in a company (from the change feed, or this process's own write) moves that company to a
 * new generation; a change anywhere moves the epoch: entries of an older one are dead and
 * leave as they are met or as least recently used. Serves nothing while the feed is not live.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<number, number>();
  private epoch = 0;
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

  /** A slot for `key` in its company's present generation, to fill after a miss. */
  slot(key: string, companyId: number): CacheSlot {
    return { key, companyId, generation: this.generations.get(companyId) ?? 0, epoch: this.epoch };
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

  set(slot: CacheSlot, text: string): void {
    if (!this.enabled || !this.current(slot)) return;
    const identity = Buffer.from(text);
    const compressed =
      identity.length >= GZIP_FROM_BYTES ? gzipSync(identity, { level: constants.Z_DEFAULT_COMPRESSION }) : null;
    const body = { identity, gzip: compressed && compressed.length < identity.length ? compressed : null };
    const bytes = identity.length + (body.gzip?.length ?? 0) + slot.key.length * 2;
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
    if (change.kind === 'company') {
      this.generations.set(change.companyId, (this.generations.get(change.companyId) ?? 0) + 1);
    } else if (change.kind === 'all') {
      this.epoch++;
      this.generations.clear();
      this.entries.clear();
      this.bytes = 0;
    }
  }

  private current(entry: Pick<Entry, 'companyId' | 'generation' | 'epoch'>): boolean {
    return entry.epoch === this.epoch && entry.generation === (this.generations.get(entry.companyId) ?? 0);
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
