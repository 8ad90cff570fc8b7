import { describe, expect, it } from 'vitest';
import { testChangeFeed } from '#test/test-change-feed.ts';
import { EXACT_COUNT_LIMIT, LARGE_COUNT_REFRESH_MS, LARGE_COUNT_TTL_MS, LargeCounts } from './list-count.ts';

describe('LargeCounts', () => {
  it('returns small totals exactly, every time', async () => {
    const counts = new LargeCounts();
    let full = 0;
    for (const n of [3, 4]) {
      expect(
        await counts.total(
          'k',
          async () => n,
          async () => ++full,
        ),
      ).toBe(n);
    }
    expect(full).toBe(0);
  });

  it('counts a large total once, serves it from memory, and refreshes it after the TTL', async () => {
    let now = 0;
    const counts = new LargeCounts({ now: () => now });
    let fulls = 0;
    const full = async () => 1_000_000 + fulls++;
    const capped = async () => EXACT_COUNT_LIMIT + 1;
    const first = await Promise.all([counts.total('k', capped, full), counts.total('k', capped, full)]);
    expect(first).toEqual([1_000_000, 1_000_000]);
    expect(fulls).toBe(1);
    now = LARGE_COUNT_TTL_MS + 1;
    expect(await counts.total('k', capped, full)).toBe(1_000_000);
    await new Promise((r) => setTimeout(r, 0));
    expect(await counts.total('k', capped, full)).toBe(1_000_001);
  });
});

describe('LargeCounts under changes', () => {
  const key = '1\u0000select count(*) from "library_items" where "name" ilike $1\u0000["%a%"]';

  it('serves the remembered total after a change of its table, counting again in the background at most once per interval', async () => {
    let now = 0;
    const feed = testChangeFeed();
    const counts = new LargeCounts({ feed, now: () => now });
    let fulls = 0;
    const full = async () => 1_000_000 + fulls++;
    const capped = async () => EXACT_COUNT_LIMIT + 1;
    expect(await counts.total(key, capped, full)).toBe(1_000_000);
    feed.emit({ kind: 'company', companyId: 1, table: 'labels' });
    expect(await counts.total(key, capped, full)).toBe(1_000_000);
    expect(fulls).toBe(1);

    // A change within the interval after the first count: served as it is, not counted again yet.
    feed.emit({ kind: 'company', companyId: 1, table: 'library_items' });
    expect(await counts.total(key, capped, full)).toBe(1_000_000);
    await new Promise((r) => setTimeout(r, 0));
    expect(fulls).toBe(1);
    now += LARGE_COUNT_REFRESH_MS;
    // Stale: served at once, counted again behind it.
    expect(await counts.total(key, capped, full)).toBe(1_000_000);
    await new Promise((r) => setTimeout(r, 0));
    expect(fulls).toBe(2);
    expect(await counts.total(key, capped, full)).toBe(1_000_001);

    // Changes keep coming: no second count within the interval, one after it.
    feed.emit({ kind: 'company', companyId: 1, table: 'library_items' });
    expect(await counts.total(key, capped, full)).toBe(1_000_001);
    await new Promise((r) => setTimeout(r, 0));
    expect(fulls).toBe(2);
    now += LARGE_COUNT_REFRESH_MS;
    expect(await counts.total(key, capped, full)).toBe(1_000_001);
    await new Promise((r) => setTimeout(r, 0));
    expect(fulls).toBe(3);
    expect(await counts.total(key, capped, full)).toBe(1_000_002);
  });

  it('spaces the recounts of a slow count by a hundred times what it took', async () => {
    let now = 0;
    const feed = testChangeFeed();
    const counts = new LargeCounts({ feed, now: () => now });
    let fulls = 0;
    // Each full count takes 200 ms: recounted at most every 20 s.
    const full = async () => {
      now += 200;
      return 1_000_000 + fulls++;
    };
    const capped = async () => EXACT_COUNT_LIMIT + 1;
    const changedThenRead = async () => {
      feed.emit({ kind: 'company', companyId: 1, table: 'library_items' });
      await counts.total(key, capped, full);
      await new Promise((r) => setTimeout(r, 0));
    };
    await counts.total(key, capped, full);
    now = 19_000;
    await changedThenRead();
    expect(fulls).toBe(1);
    now = 20_000;
    await changedThenRead();
    expect(fulls).toBe(2);
    now = 21_000;
    await changedThenRead();
    expect(fulls).toBe(2);
  });
});
