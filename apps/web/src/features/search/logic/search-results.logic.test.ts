import type { GlobalSearchResponse } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { groupByResults } from './search-results.logic.ts';

const row = { id: 1, name: 'Kitchen', description: null, updated_at: '2026-11-26T20:16:00Z' };

describe('groupByResults', () => {
  it('keeps the searched order and collapses categories without matches, a missing key included', () => {
    const answer: GlobalSearchResponse['data'] = { projects: [row], libraries: [], materials: [row] };
    expect(groupByResults(['materials', 'libraries', 'projects', 'users'], answer)).toEqual({
      withResults: ['materials', 'projects'],
      empty: ['libraries', 'users'],
    });
  });

  it('answers nothing with results when every category is empty', () => {
    expect(groupByResults(['projects'], {})).toEqual({
      withResults: [],
      empty: ['projects'],
    });
  });
});
