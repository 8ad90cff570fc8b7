import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testChangeFeed } from '#test/test-change-feed.ts';
import { ResponseCache } from './response-cache.ts';

function cacheWith(options: { maxBytes?: number; ttlMs?: number } = {}) {
  const feed = testChangeFeed();
  let clock = 1_000;
  const cache = new ResponseCache(feed, {
    maxBytes: options.maxBytes ?? 1_000_000,
    ttlMs: options.ttlMs ?? 30_000,
    now: () => clock,
  });
  const put = (companyId: number, url: string, body: string) => {
    const key = ResponseCache.key(companyId, 1, 'hatch', url);
    cache.set(cache.slot(key, companyId), body);
    return key;
  };
  return { feed, cache, put, tick: (ms: number) => (clock += ms) };
}

describe('response cache', () => {
  it('keeps a body per company, account, platform and URL', () => {
    const { cache, put } = cacheWith();
    const key = put(1, '/v2/projects', '{"a":1}');
    expect(cache.get(key)?.identity.toString()).toBe('{"a":1}');
    expect(cache.get(ResponseCache.key(1, 2, 'hatch', '/v2/projects'))).toBeUndefined();
    expect(cache.get(ResponseCache.key(1, 1, 'customerportal', '/v2/projects'))).toBeUndefined();
    expect(cache.get(ResponseCache.key(2, 1, 'hatch', '/v2/projects'))).toBeUndefined();
  });

  it('drops a company’s bodies when it changes, and only that company’s', () => {
    const { cache, put, feed } = cacheWith();
    const acme = put(1, '/v2/projects', 'acme');
    const globex = put(2, '/v2/projects', 'globex');
    feed.emit({ kind: 'company', companyId: 1 });
    expect(cache.get(acme)).toBeUndefined();
    expect(cache.get(globex)?.identity.toString()).toBe('globex');
    feed.emit({ kind: 'all' });
    expect(cache.get(globex)).toBeUndefined();
  });

  it('does not keep a body built while its company changed', () => {
    const { cache, feed } = cacheWith();
    const key = ResponseCache.key(1, 1, 'hatch', '/v2/labels');
    const slot = cache.slot(key, 1);
    feed.emit({ kind: 'company', companyId: 1 });
    cache.set(slot, 'built from the old data');
    expect(cache.get(key)).toBeUndefined();
    const everywhere = cache.slot(key, 1);
    feed.emit({ kind: 'all' });
    cache.set(everywhere, 'built before a change anywhere');
    expect(cache.get(key)).toBeUndefined();
  });

  it('forgets one account’s bodies of one company, and keeps everyone else’s', () => {
    const { cache } = cacheWith();
    const keys = [
      [1, 7],
      [1, 8],
      [2, 7],
    ].map(([company, account]) => {
      const key = ResponseCache.key(company as number, account as number, 'hatch', '/v2/labels');
      cache.set(cache.slot(key, company as number), `${company}/${account}`);
      return key;
    });
    cache.forgetAccount(1, 7);
    expect(keys.map((key) => cache.get(key)?.identity.toString() ?? null)).toEqual([null, '1/8', '2/7']);
    expect(cache.size.entries).toBe(2);
  });

  it('gzips a body on its first hit only, once, and counts the bytes', () => {
    const { cache, put } = cacheWith();
    const large = JSON.stringify({ data: Array.from({ length: 200 }, (_, id) => ({ id, name: `Item ${id}` })) });
    const key = put(1, '/v2/libraries/items', large);
    const body = cache.get(key);
    expect(body?.gzip).toBeUndefined();
    const before = cache.size.bytes;
    const gzip = body ? cache.gzipped(key, body) : null;
    expect(gzip && gunzipSync(gzip).toString()).toBe(large);
    expect(cache.size.bytes).toBe(before + (gzip?.length ?? 0));
    expect(body && cache.gzipped(key, body)).toBe(gzip);
    const small = put(1, '/v2/labels', '{}');
    const smallBody = cache.get(small);
    expect(smallBody && cache.gzipped(small, smallBody)).toBeNull();
  });

  it('ignores session changes, which say nothing about bodies', () => {
    const { cache, put, feed } = cacheWith();
    const key = put(1, '/v2/labels', 'labels');
    feed.emit({ kind: 'sessions' });
    expect(cache.get(key)?.identity.toString()).toBe('labels');
  });

  it('serves a body until its time is up', () => {
    const { cache, put, tick } = cacheWith({ ttlMs: 500 });
    const key = put(1, '/v2/labels', 'labels');
    tick(499);
    expect(cache.get(key)?.identity.toString()).toBe('labels');
    tick(1);
    expect(cache.get(key)).toBeUndefined();
    expect(cache.size.entries).toBe(0);
  });

  it('stays within its memory by dropping the least recently used', () => {
    const body = 'x'.repeat(100);
    const keyOf = (n: number) => ResponseCache.key(1, 1, 'hatch', `/v2/p?page=${n}`);
    const entryBytes = body.length + keyOf(1).length * 2;
    const { cache, put } = cacheWith({ maxBytes: entryBytes * 8 });
    for (let n = 1; n <= 8; n++) put(1, `/v2/p?page=${n}`, body);
    expect(cache.get(keyOf(1))?.identity.toString()).toBe(body);
    put(1, '/v2/p?page=9', body);
    expect(cache.get(keyOf(2))).toBeUndefined();
    expect([1, 3, 9].map((n) => cache.get(keyOf(n))?.identity.toString())).toEqual([body, body, body]);
    expect(cache.size).toEqual({ entries: 8, bytes: entryBytes * 8 });
    put(1, '/v2/too-big', 'y'.repeat(entryBytes));
    expect(cache.get(ResponseCache.key(1, 1, 'hatch', '/v2/too-big'))).toBeUndefined();
  });

  it('serves and keeps nothing while the feed is down, or when given no memory', () => {
    const { cache, put, feed } = cacheWith();
    const key = put(1, '/v2/labels', 'labels');
    feed.live = false;
    expect(cache.get(key)).toBeUndefined();
    put(1, '/v2/other', 'other');
    feed.live = true;
    expect(cache.get(ResponseCache.key(1, 1, 'hatch', '/v2/other'))).toBeUndefined();
    const off = new ResponseCache(testChangeFeed(), { maxBytes: 0, ttlMs: 1_000 });
    off.set(off.slot('k', 1), 'body');
    expect(off.get('k')).toBeUndefined();
  });
  it('keeps an answer while tables it does not read change in its company', () => {
    const { cache, feed } = cacheWith();
    const tables = ResponseCache.tablesOf(['projects', 'project_labels', 'labels']);
    const key = ResponseCache.key(1, 1, 'hatch', '/v2/projects');
    cache.set(cache.slot(key, 1, tables), 'projects');
    const anyChange = ResponseCache.key(1, 1, 'hatch', '/v2/anything');
    cache.set(cache.slot(anyChange, 1), 'any');
    feed.emit({ kind: 'company', companyId: 1, table: 'geometry_events' });
    feed.emit({ kind: 'company', companyId: 1, table: 'project_models' });
    feed.emit({ kind: 'company', companyId: 2, table: 'projects' });
    feed.emit({ kind: 'all', table: 'uploads' });
    expect(cache.get(key)?.identity.toString()).toBe('projects');
    expect(cache.get(anyChange)).toBeUndefined();
    feed.emit({ kind: 'company', companyId: 1, table: 'labels' });
    expect(cache.get(key)).toBeUndefined();
  });

  it('drops an answer when a table it reads changes in any company, its company as a whole, or everything', () => {
    const { cache, feed } = cacheWith();
    const tables = ResponseCache.tablesOf(['materials']);
    const keep = () => {
      const key = ResponseCache.key(1, 1, 'hatch', '/v2/materials');
      cache.set(cache.slot(key, 1, tables), 'materials');
      expect(cache.get(key)?.identity.toString()).toBe('materials');
      return key;
    };
    const changes = [
      { kind: 'all', table: 'materials' },
      { kind: 'company', companyId: 1 },
      { kind: 'all' },
      // Who asks: every answer depends on the request context's tables.
      { kind: 'company', companyId: 1, table: 'role_abilities' },
    ] as const;
    for (const change of changes) {
      const key = keep();
      feed.emit(change);
      expect(cache.get(key), JSON.stringify(change)).toBeUndefined();
    }
    const key = keep();
    feed.emit({ kind: 'sessions' });
    expect(cache.get(key)?.identity.toString()).toBe('materials');
  });

  it('does not keep a body built while a table it reads changed, and keeps one built while others did', () => {
    const { cache, feed } = cacheWith();
    const tables = ResponseCache.tablesOf(['libraries']);
    const stale = ResponseCache.key(1, 1, 'hatch', '/v2/libraries?page=1');
    const staleSlot = cache.slot(stale, 1, tables);
    const fresh = ResponseCache.key(1, 1, 'hatch', '/v2/libraries?page=2');
    const freshSlot = cache.slot(fresh, 1, tables);
    feed.emit({ kind: 'company', companyId: 1, table: 'geometry_events' });
    cache.set(freshSlot, 'page 2');
    feed.emit({ kind: 'company', companyId: 1, table: 'libraries' });
    cache.set(staleSlot, 'page 1');
    expect(cache.get(fresh)).toBeUndefined();
    expect(cache.get(stale)).toBeUndefined();
    const again = cache.slot(fresh, 1, tables);
    feed.emit({ kind: 'company', companyId: 1, table: 'geometry_events' });
    cache.set(again, 'page 2');
    expect(cache.get(fresh)?.identity.toString()).toBe('page 2');
  });

  it('still drops what was built before everything changed once tables change again', () => {
    const { cache, feed } = cacheWith();
    const tables = ResponseCache.tablesOf(['labels']);
    const key = ResponseCache.key(1, 1, 'hatch', '/v2/labels');
    const slot = cache.slot(key, 1, tables);
    feed.emit({ kind: 'all' });
    feed.emit({ kind: 'company', companyId: 1, table: 'projects' });
    cache.set(slot, 'built before');
    expect(cache.get(key)).toBeUndefined();
  });
});
