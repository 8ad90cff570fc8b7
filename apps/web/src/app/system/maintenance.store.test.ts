import { describe, expect, it } from 'vitest';
import { reloadDelay } from './maintenance.store.ts';

describe('maintenance reload', () => {
  it('waits until back_on, or 60 s without it', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(reloadDelay(null, now)).toBe(60_000);
    expect(reloadDelay('2026-01-01T10:10:00Z', now)).toBe(600_000);
    expect(reloadDelay('2026-01-01T09:00:00Z', now)).toBe(5_000);
  });
});
