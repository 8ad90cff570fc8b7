import type { SearchCategory, SearchResult } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { testChangeFeed } from '#test/test-change-feed.ts';
import { SearchResultsMemory, WRITER_READS_AFRESH_MS } from './global-search.memory.ts';

const ACME = 1;
const EDITOR = 10;
const VIEWER = 11;
const CATEGORIES: SearchCategory[] = ['labels', 'library_items', 'projects'];

/** A memory over a test feed, and what each search had to read from the database. */
function searching(live = true) {
  const feed = testChangeFeed(live);
  let now = 1_000_000;
  const memory = new SearchResultsMemory(feed, () => now);
  const reads: SearchCategory[][] = [];
  const search = (accountId: number) =>
    memory.results(ACME, accountId, 'oak', CATEGORIES, async (missing) => {
      reads.push(missing);
      const row = (category: SearchCategory): SearchResult[] => [
        {
          id: reads.length,
          name: `${category} ${reads.length}`,
          description: null,
          updated_at: '2026-11-26T00:00:00.000Z',
        },
      ];
      return Object.fromEntries(missing.map((category) => [category, row(category)]));
    });
  return { feed, memory, reads, search, later: (ms: number) => (now += ms) };
}

describe('SearchResultsMemory', () => {
  it('keeps what a write did not touch for everyone, and lets the writer read afresh for a moment', async () => {
    const { feed, memory, reads, search, later } = searching();
    await search(EDITOR);
    await search(VIEWER);
    expect(reads).toEqual([CATEGORIES]);

    memory.wrote(ACME, EDITOR);
    await search(VIEWER);
    expect(reads).toHaveLength(1);
    await search(EDITOR);
    expect(reads).toEqual([CATEGORIES, CATEGORIES]);

    // The feed names the write's table: only that category goes, for everyone.
    feed.emit({ kind: 'company', companyId: ACME, table: 'library_items' });
    const seen = await search(VIEWER);
    expect(reads[2]).toEqual(['library_items']);
    expect(seen.library_items?.[0]?.name).toBe('library_items 3');
    expect(seen.labels?.[0]?.name).toBe('labels 2');

    later(WRITER_READS_AFRESH_MS + 1);
    await search(EDITOR);
    expect(reads).toHaveLength(3);
  });

  it('forgets the whole company on a write while no live feed would name the tables', async () => {
    const { memory, reads, search } = searching(false);
    await search(VIEWER);
    await search(VIEWER);
    expect(reads).toHaveLength(1);
    memory.wrote(ACME, EDITOR);
    await search(VIEWER);
    expect(reads).toEqual([CATEGORIES, CATEGORIES]);
  });
});
