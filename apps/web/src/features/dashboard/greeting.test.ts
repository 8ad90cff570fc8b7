import { describe, expect, it } from 'vitest';
import { reloadDelay } from '../system/maintenance.store.ts';
import { dayPart } from './greeting.ts';

describe('dayPart', () => {
  it('uses the cut-offs 12 and 17', () => {
    expect(dayPart(0)).toBe('morning');
    expect(dayPart(11)).toBe('morning');
    expect(dayPart(12)).toBe('afternoon');
    expect(dayPart(16)).toBe('afternoon');
    expect(dayPart(17)).toBe('evening');
    expect(dayPart(23)).toBe('evening');
  });
});

describe('maintenance reload', () => {
  it('waits until back_on, or 60 s without it', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(reloadDelay(null, now)).toBe(60_000);
    expect(reloadDelay('2026-01-01T10:10:00Z', now)).toBe(600_000);
    expect(reloadDelay('2026-01-01T09:00:00Z', now)).toBe(5_000);
  });
});
