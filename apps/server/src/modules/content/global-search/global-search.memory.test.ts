import type { SearchCategory, SearchResult } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { testChangeFeed } from '#test/test-change-feed.ts';
import { SearchResultsMemory } from './global-search.memory.ts';

const ACME = 1;
const EDITOR = 10;
const VIEWER = 11;
const CATEGORIES: SearchCategory[] = ['labels', 'library_items', 'projects'];

/** A memory over a test feed, and what each search had to read from the database. */
function searching(live = true) {
  const feed = testChangeFeed(live);
  const memory = new SearchResultsMemory(feed);
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
  return { feed, memory, reads, search };
}

describe('SearchResultsMemory', () => {
  it('keeps what a write did not touch for everyone, and lets the writer wait for the feed to name it', async () => {
    const { feed, memory, reads, search } = searching();
    await search(EDITOR);
    await search(VIEWER);
    expect(reads).toEqual([CATEGORIES]);

    memory.wrote(ACME, EDITOR);
    await search(VIEWER);
    expect(reads).toHaveLength(1);
    let answered = false;
    const editorSearch = search(EDITOR).finally(() => {
      answered = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answered).toBe(false);

    // The feed names the write's table, then catches up: only that category goes, for everyone.
    feed.emit({ kind: 'company', companyId: ACME, table: 'library_items' });
    feed.catchUp();
    const editorSaw = await editorSearch;
    expect(reads[1]).toEqual(['library_items']);
    expect(editorSaw.library_items?.[0]?.name).toBe('library_items 2');
    expect(editorSaw.labels?.[0]?.name).toBe('labels 1');
    await search(VIEWER);
    await search(EDITOR);
    expect(reads).toHaveLength(2);
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
