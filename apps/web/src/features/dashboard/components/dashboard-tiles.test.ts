import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TILES, visibleTiles } from './dashboard-tiles.component.tsx';

const LOCALES = path.resolve(import.meta.dirname, '../../../../public/locales');

function text(language: string, key: string): unknown {
  const tree = JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'dashboard.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('dashboard tiles', () => {
  it('name the split of a total that takes in more than its list, in both languages and both numbers', () => {
    for (const resource of ['projects', 'libraries']) {
      for (const language of ['en', 'nl']) {
        for (const form of ['one', 'other']) {
          const note = text(language, `tiles.breakdown.${resource}_${form}`);
          expect(note, `${language} ${resource} ${form}`).toEqual(expect.stringContaining('{{listed}}'));
          expect(note, `${language} ${resource} ${form}`).toEqual(expect.stringContaining('{{countText}}'));
        }
      }
    }
    expect(text('en', 'tiles.breakdown.projects_one')).toBe('{{listed}} top-level and {{countText}} sub-project');
    expect(text('nl', 'tiles.breakdown.libraries_other')).toBe(
      '{{listed}} op het hoogste niveau en {{countText}} subbibliotheken',
    );
  });

  it('show each total only with its permission', () => {
    expect(visibleTiles({ admin: false, abilities: ['view-projects'] }).map((tile) => tile.resource)).toEqual([
      'projects',
    ]);
    expect(visibleTiles({ admin: true, abilities: [] })).toHaveLength(TILES.length);
  });
});
