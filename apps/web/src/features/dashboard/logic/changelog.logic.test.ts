import type { ChangelogItem } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { asEnvironment, formatDay, groupChangelogByDate } from './changelog.logic.ts';

const item = (id: number, dates: Partial<Record<'development' | 'test' | 'acceptance' | 'production', string>>) =>
  ({
    id,
    type: 'added',
    description: `Item ${id}`,
    screenshot: false,
    screenshot_url: null,
    date_on_development: dates.development ?? null,
    date_on_test: dates.test ?? null,
    date_on_acceptance: dates.acceptance ?? null,
    date_on_production: dates.production ?? null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  }) satisfies ChangelogItem;

describe('groupChangelogByDate', () => {
  const items = [
    item(1, { acceptance: '2026-03-01' }),
    item(2, { development: '2026-03-05' }),
    item(3, { acceptance: '2026-03-04', production: '2026-03-06' }),
    item(4, { acceptance: '2026-03-01T00:00:00.000Z' }),
  ];

  it('keeps only entries dated in the environment, grouped by date, newest first', () => {
    expect(groupChangelogByDate(items, 'acceptance')).toEqual([
      { date: '2026-03-04', items: [items[2]] },
      { date: '2026-03-01', items: [items[3], items[0]] },
    ]);
  });
  it('uses the date of the environment asked for', () => {
    expect(groupChangelogByDate(items, 'production').map((day) => day.date)).toEqual(['2026-03-06']);
    expect(groupChangelogByDate(items, 'test')).toEqual([]);
  });
});

describe('asEnvironment', () => {
  it('falls back to acceptance for unknown names', () => {
    expect(asEnvironment('production')).toBe('production');
    expect(asEnvironment('staging')).toBe('acceptance');
    expect(asEnvironment(undefined)).toBe('acceptance');
  });
});

describe('formatDay', () => {
  it('formats the calendar date without a time-zone shift', () => {
    expect(formatDay('2026-03-01', 'en')).toBe('March 1, 2026');
    expect(formatDay('2026-03-01', 'nl')).toBe('1 maart 2026');
  });
});
