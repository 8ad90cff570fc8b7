import { describe, expect, it } from 'vitest';
import { testChangeFeed } from '#test/test-change-feed.ts';
import { CompanyKeyedMemory, FOLLOWED_TTL_MS } from './list-cache.ts';

describe('CompanyKeyedMemory', () => {
  const acme = (name: string) => `1\u0000${name}`;
  const globex = (name: string) => `2\u0000${name}`;

  it('drops a company’s entries when it changes, and everything on a change anywhere', () => {
    const feed = testChangeFeed();
    const memory = new CompanyKeyedMemory<number>({ maxEntries: 10, unfollowedTtlMs: 1_000, feed });
    memory.set(acme('items'), 1, memory.token());
    memory.set(`11\u0000items`, 11, memory.token());
    memory.set(globex('items'), 2, memory.token());
    feed.emit({ kind: 'sessions' });
    expect(memory.get(acme('items'))?.value).toBe(1);
    feed.emit({ kind: 'company', companyId: 1 });
    expect(memory.get(acme('items'))).toBeUndefined();
    expect(memory.get(`11\u0000items`)?.value).toBe(11);
    expect(memory.get(globex('items'))?.value).toBe(2);
    feed.emit({ kind: 'all' });
    expect(memory.get(globex('items'))).toBeUndefined();
  });

  it('keeps what did not read the changed table, and stores it even when that table changed meanwhile', () => {
    const feed = testChangeFeed();
    const memory = new CompanyKeyedMemory<number>({ maxEntries: 10, unfollowedTtlMs: 1_000, feed });
    const projects = acme('select count(*) from "projects" where deleted_at is null');
    const models = acme('select count(*) from "project_models" m join geometry_events ge on true');
    memory.set(projects, 5, memory.token());
    memory.set(models, 7, memory.token());
    feed.emit({ kind: 'company', companyId: 1, table: 'geometry_events' });
    expect(memory.get(projects)?.value).toBe(5);
    expect(memory.get(models)).toBeUndefined();
    const token = memory.token();
    feed.emit({ kind: 'company', companyId: 1, table: 'geometry_events' });
    memory.set(projects, 6, token);
    memory.set(models, 8, token);
    expect(memory.get(projects)?.value).toBe(6);
    expect(memory.get(models)).toBeUndefined();
  });

  it('does not store what was read across a change', () => {
    const feed = testChangeFeed();
    const memory = new CompanyKeyedMemory<number>({ maxEntries: 10, unfollowedTtlMs: 1_000, feed });
    const token = memory.token();
    feed.emit({ kind: 'company', companyId: 1 });
    memory.set(acme('items'), 1, token);
    expect(memory.get(acme('items'))).toBeUndefined();
  });

  it('trusts entries long while the feed is live, briefly without it', () => {
    let now = 0;
    const feed = testChangeFeed();
    const memory = new CompanyKeyedMemory<number>({ maxEntries: 10, unfollowedTtlMs: 1_000, feed, now: () => now });
    memory.set(acme('followed'), 1, memory.token());
    feed.live = false;
    memory.set(acme('unfollowed'), 2, memory.token());
    now = 1_001;
    expect(memory.get(acme('followed'))).toEqual({ value: 1, expired: false });
    expect(memory.get(acme('unfollowed'))).toEqual({ value: 2, expired: true });
    now = FOLLOWED_TTL_MS + 1;
    expect(memory.get(acme('followed'))?.expired).toBe(true);
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const memory = new CompanyKeyedMemory<number>({ maxEntries: 2, unfollowedTtlMs: 1_000 });
    for (const [i, name] of ['a', 'b', 'c'].entries()) memory.set(acme(name), i, memory.token());
    expect(memory.get(acme('a'))).toBeUndefined();
    expect([memory.get(acme('b'))?.value, memory.get(acme('c'))?.value]).toEqual([1, 2]);
  });
});
