import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PATTERNS, type RouteId } from '@/lib/paths/paths.ts';
import { RECORD_KINDS, RECORD_ROUTES } from './record-routes.config.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../public/locales');

function recordTexts(language: string): Record<string, string> {
  const common = JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'common.json'), 'utf8')) as {
    recordNotFound?: Record<string, string>;
  };
  return common.recordNotFound ?? {};
}

const entries = Object.entries(RECORD_ROUTES) as [RouteId, NonNullable<(typeof RECORD_ROUTES)[RouteId]>][];

describe('record routes', () => {
  it('are the routes with a record in their address, each back to a list without one', () => {
    for (const [id, record] of entries) {
      expect(ROUTE_PATTERNS[id], id).toMatch(/\/:[A-Za-z]+/);
      expect(ROUTE_PATTERNS[record.list], record.list).not.toContain(':');
    }
  });

  it('leave no edit or overview route of a record out', () => {
    const missing = (Object.keys(ROUTE_PATTERNS) as RouteId[]).filter(
      (id) => /\/(edit|overview)\/:/.test(ROUTE_PATTERNS[id]) && RECORD_ROUTES[id] === undefined,
    );
    expect(missing).toEqual([]);
  });

  it.each(['en', 'nl'])('say for every kind in %s that it does not exist or is not accessible', (language) => {
    const texts = recordTexts(language);
    for (const kind of RECORD_KINDS) expect(texts[kind]?.trim(), `${language}: ${kind}`).toBeTruthy();
    expect(texts.backTo).toContain('{{list}}');
    if (language === 'nl') expect(texts.project).not.toBe(recordTexts('en').project);
  });
});
