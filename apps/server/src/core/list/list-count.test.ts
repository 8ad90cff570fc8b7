import { describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT, LARGE_COUNT_TTL_MS, LargeCounts } from './list-count.ts';

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
