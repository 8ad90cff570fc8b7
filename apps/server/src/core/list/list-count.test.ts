import { describe, expect, it } from 'vitest';
import { testChangeFeed } from '#test/test-change-feed.ts';
import {
  EXACT_COUNT_LIMIT,
  LARGE_COUNT_REFRESH_MS,
  LARGE_COUNT_TTL_MS,
  LargeCounts,
  RECOUNT_MAX_SPACING_MS,
} from './list-count.ts';
import { LIKELY_BROAD } from './list-estimate.ts';

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

  it('spaces the recounts of a slow count by a thousand times what it took, at most five minutes', async () => {
    let now = 0;
    const feed = testChangeFeed();
    const counts = new LargeCounts({ feed, now: () => now });
    let fulls = 0;
    let takes = 200;
    const full = async () => {
      now += takes;
      return 1_000_000 + fulls++;
    };
    const capped = async () => EXACT_COUNT_LIMIT + 1;
    const changedThenRead = async () => {
      feed.emit({ kind: 'company', companyId: 1, table: 'library_items' });
      await counts.total(key, capped, full);
      await new Promise((r) => setTimeout(r, 0));
    };
    // Each full count takes 200 ms: recounted at most every 200 s.
    await counts.total(key, capped, full);
    now = 199_000;
    await changedThenRead();
    expect(fulls).toBe(1);
    now = 200_000;
    await changedThenRead();
    expect(fulls).toBe(2);
    now = 201_000;
    await changedThenRead();
    expect(fulls).toBe(2);
    // A count of 2 s waits five minutes, not 2,000 s.
    takes = 2_000;
    now = 400_000;
    await changedThenRead();
    expect(fulls).toBe(3);
    now = 400_000 + RECOUNT_MAX_SPACING_MS - 1;
    await changedThenRead();
    expect(fulls).toBe(3);
    now = 400_000 + RECOUNT_MAX_SPACING_MS;
    await changedThenRead();
    expect(fulls).toBe(4);
  });
});

describe('LargeCounts with estimates', () => {
  const capped = async () => EXACT_COUNT_LIMIT + 1;

  it('answers a large first total with the estimate, then with the exact count made behind it', async () => {
    const counts = new LargeCounts();
    let refreshes = 0;
    let release = () => {};
    const refresh = () =>
      new Promise<number>((resolve) => {
        refreshes++;
        release = () => resolve(912_345);
      });
    const estimate = async () => ({ count: 910_000, estimated: true });
    const first = await counts.totalOrEstimate('k', capped, estimate, refresh);
    expect(first).toEqual({ count: 910_000, estimated: true });
    // While the exact count runs, the estimate is served again, without a second count.
    expect(await counts.totalOrEstimate('k', capped, estimate, refresh)).toEqual(first);
    expect(refreshes).toBe(1);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(await counts.totalOrEstimate('k', capped, estimate, refresh)).toEqual({ count: 912_345, estimated: false });
    // `total` of the same key now has it too.
    expect(await counts.total('k', capped, async () => 0)).toBe(912_345);
  });

  it('keeps small totals and exact estimates exact, and never estimates below the counted cap', async () => {
    const counts = new LargeCounts();
    const never = async (): Promise<number> => {
      throw new Error('not counted');
    };
    expect(
      await counts.totalOrEstimate(
        'small',
        async () => 12,
        async () => ({ count: 0, estimated: true }),
        never,
      ),
    ).toEqual({ count: 12, estimated: false });
    expect(
      await counts.totalOrEstimate('whole', capped, async () => ({ count: 15_000, estimated: false }), never),
    ).toEqual({ count: 15_000, estimated: false });
    const low = await counts.totalOrEstimate(
      'low',
      capped,
      async () => ({ count: 20, estimated: true }),
      async () => 10_500,
    );
    expect(low).toEqual({ count: EXACT_COUNT_LIMIT + 1, estimated: true });
  });

  it('skips the capped count when the sample shows a likely broad search', async () => {
    const counts = new LargeCounts();
    const samples: (number | undefined)[] = [];
    let cappedReads = 0;
    const countCapped = async () => {
      cappedReads++;
      return EXACT_COUNT_LIMIT + 1;
    };
    const broad = async (rows?: number) => {
      samples.push(rows);
      return { count: LIKELY_BROAD, estimated: true };
    };
    expect(await counts.totalOrEstimate('broad', countCapped, broad, async () => 20_400)).toEqual({
      count: LIKELY_BROAD,
      estimated: true,
    });
    // One sample of the default size, no glance before it.
    expect(samples).toEqual([undefined]);
    expect(cappedReads).toBe(0);

    // Below it, the capped count decides, and stays exact.
    const narrow = async () => ({ count: LIKELY_BROAD - 1, estimated: true });
    const exactly = async () => {
      cappedReads++;
      return 9_000;
    };
    expect(await counts.totalOrEstimate('narrow', exactly, narrow, async () => 9_000)).toEqual({
      count: 9_000,
      estimated: false,
    });
    expect(cappedReads).toBe(1);
  });
});
