import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COUNT_QUERY } from '../api/get-resource-count.api.ts';
import { TILES } from './dashboard-tiles.component.tsx';

const LOCALES = path.resolve(import.meta.dirname, '../../../../public/locales');

function tileText(language: string, key: string): unknown {
  const tree = JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'dashboard.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('dashboard tiles', () => {
  it('say so when their count takes in more than the list they stand for (sub-projects)', () => {
    for (const tile of TILES) {
      const widened = COUNT_QUERY[tile.resource].include_sub_projects === '1';
      expect(tile.note !== undefined, tile.resource).toBe(widened);
      if (!tile.note) continue;
      expect(tileText('en', tile.note)).toBe('Including sub-projects');
      expect(tileText('nl', tile.note)).toBe('Inclusief subprojecten');
    }
  });

  it('count projects with their sub-projects, as shell.md §7 asks', () => {
    expect(COUNT_QUERY.projects).toEqual({ include_sub_projects: '1' });
  });
});
