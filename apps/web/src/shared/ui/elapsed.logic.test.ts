import { describe, expect, it } from 'vitest';
import { elapsedMs, isRunning } from './elapsed.logic.ts';

describe('elapsed time (content.md §4)', () => {
  it('is end minus start, or a running clock while unfinished', () => {
    expect(elapsedMs('2026-01-01T10:00:00Z', '2026-01-01T10:01:05Z', 0)).toBe(65_000);
    const now = Date.parse('2026-01-01T10:00:30Z');
    expect(elapsedMs('2026-01-01T10:00:00Z', null, now)).toBe(30_000);
    expect(elapsedMs(null, null, now)).toBeNull();
    expect(elapsedMs('not a date', null, now)).toBeNull();
    expect(elapsedMs('2026-01-01T10:00:10Z', '2026-01-01T10:00:00Z', now)).toBe(0);
  });

  it('runs the clock while uploading, queued or processing', () => {
    expect(isRunning('PROCESSING')).toBe(true);
    expect(isRunning('FINISHED')).toBe(false);
  });
});
