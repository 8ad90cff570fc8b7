import { describe, expect, it } from 'vitest';
import { tileNote } from './tile-counts.logic.ts';

describe('tileNote', () => {
  it('splits a total that takes in more than its list into the listed and the rest', () => {
    expect(tileNote('projects', { total: 8, listed: 7 })).toEqual({
      key: 'tiles.breakdown.projects',
      values: { count: 1, listed: 7 },
    });
    expect(tileNote('libraries', { total: 10, listed: 5 })).toEqual({
      key: 'tiles.breakdown.libraries',
      values: { count: 5, listed: 5 },
    });
  });

  it('says nothing when the total is what the list shows', () => {
    expect(tileNote('projects', { total: 7, listed: 7 })).toBeNull();
    expect(tileNote('models', { total: 0, listed: 0 })).toBeNull();
  });
});
