import { describe, expect, it } from 'vitest';
import { testChangeFeed } from '#test/test-change-feed.ts';
import {
  ANCHOR_EVERY,
  ANCHOR_REFRESH_SPACING_MS,
  ANCHOR_TTL_MS,
  type AnchorWalk,
  PageAnchors,
  STALE_ANCHORS_MS,
} from './list-anchors.ts';

const KEY = '1\u0000select "created_at"::text from "library_items" order by "created_at" desc\u0000[]';
const ROW = 40 * ANCHOR_EVERY;

/** A list whose anchor values carry a generation: the walk that read them. */
function fakeList() {
  const calls = { reads: 0, walks: [] as number[] };
  let generation = 0;
  const walk: AnchorWalk = async (untilRow) => {
    calls.walks.push(untilRow);
    generation += 1;
    const rows = new Map<number, string[]>();
    for (let row = ANCHOR_EVERY; row <= untilRow; row += ANCHOR_EVERY) rows.set(row, [`g${generation}`, String(row)]);
    return rows;
  };
  const read = async () => {
    calls.reads += 1;
    return [`read${calls.reads}`, String(ROW)];
  };
  return { calls, walk, read };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PageAnchors', () => {
  it('answers a warmed list from its walk, without a read of its own', async () => {
    const anchors = new PageAnchors({ feed: testChangeFeed() });
    const list = fakeList();
    await anchors.warm(KEY, list.walk, 100 * ANCHOR_EVERY);
    expect(await anchors.at(KEY, ROW, list.read, list.walk)).toEqual({ values: ['g1', String(ROW)], stale: false });
    expect(list.calls).toEqual({ reads: 0, walks: [100 * ANCHOR_EVERY] });
  });

  it('after a change of its table, answers from the stale anchors and walks them again behind the answer', async () => {
    const feed = testChangeFeed();
    const anchors = new PageAnchors({ feed });
    const list = fakeList();
    const at = () => anchors.at(KEY, ROW, list.read, list.walk);
    expect(await at()).toEqual({ values: ['read1', String(ROW)], stale: false });

    feed.emit({ kind: 'company', companyId: 2, table: 'library_items' });
    feed.emit({ kind: 'company', companyId: 1, table: 'labels' });
    expect(await at()).toEqual({ values: ['read1', String(ROW)], stale: false });
    expect(list.calls.walks).toEqual([]);

    feed.emit({ kind: 'company', companyId: 1, table: 'library_items' });
    expect(await at()).toEqual({ values: ['read1', String(ROW)], stale: true });
    await settle();
    expect(list.calls.walks).toEqual([ROW]);
    expect(await at()).toEqual({ values: ['g1', String(ROW)], stale: false });
    expect(list.calls.reads).toBe(1);
  });

  it('walks a list changing all the time at most once per spacing', async () => {
    let now = 0;
    const feed = testChangeFeed();
    const anchors = new PageAnchors({ feed, now: () => now });
    const list = fakeList();
    const at = () => anchors.at(KEY, ROW, list.read, list.walk);
    await anchors.warm(KEY, list.walk, ROW);
    for (let i = 0; i < 5; i++) {
      feed.emit({ kind: 'company', companyId: 1, table: 'library_items' });
      expect((await at()).stale).toBe(true);
      await settle();
    }
    // The warm-up, then one refresh at the first change.
    expect(list.calls.walks).toEqual([ROW, ROW]);
    now = ANCHOR_REFRESH_SPACING_MS;
    feed.emit({ kind: 'company', companyId: 1, table: 'library_items' });
    expect(await at()).toEqual({ values: ['g2', String(ROW)], stale: true });
    await settle();
    expect(list.calls.walks).toEqual([ROW, ROW, ROW]);
    expect(await at()).toEqual({ values: ['g3', String(ROW)], stale: false });
  });

  it("refreshes a quiet list's anchors past the memory's expiry instead of dropping them", async () => {
    let now = 0;
    const anchors = new PageAnchors({ now: () => now });
    const list = fakeList();
    const at = () => anchors.at(KEY, ROW, list.read, list.walk);
    await anchors.warm(KEY, list.walk, ROW);
    now = ANCHOR_TTL_MS + 1;
    expect(await at()).toEqual({ values: ['g1', String(ROW)], stale: true });
    await settle();
    expect(await at()).toEqual({ values: ['g2', String(ROW)], stale: false });
    expect(list.calls.reads).toBe(0);
  });

  it('reads its own anchor once stale anchors are older than STALE_ANCHORS_MS (a refresh that keeps failing)', async () => {
    let now = 0;
    const feed = testChangeFeed();
    const anchors = new PageAnchors({ feed, now: () => now });
    const list = fakeList();
    const failing: AnchorWalk = async () => {
      throw new Error('the database is gone');
    };
    const at = () => anchors.at(KEY, ROW, list.read, failing);
    expect(await at()).toEqual({ values: ['read1', String(ROW)], stale: false });
    feed.emit({ kind: 'company', companyId: 1, table: 'library_items' });
    expect(await at()).toEqual({ values: ['read1', String(ROW)], stale: true });
    await settle();
    now = STALE_ANCHORS_MS + 1;
    expect(await at()).toEqual({ values: ['read2', String(ROW)], stale: false });
  });
});
