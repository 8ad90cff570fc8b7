import { describe, expect, it } from 'vitest';
import { elapsedSeconds, formatElapsed } from './elapsed.logic.ts';

describe('elapsedSeconds', () => {
  const now = new Date('2026-01-01T12:00:00Z');

  it('is end minus start when finished', () => {
    expect(elapsedSeconds('2026-01-01T10:00:00Z', '2026-01-01T10:01:30Z', now)).toBe(90);
  });

  it('runs up to now while unfinished', () => {
    expect(elapsedSeconds('2026-01-01T11:59:00Z', null, now)).toBe(60);
  });

  it('is null before the start or for bad dates, never negative', () => {
    expect(elapsedSeconds(null, null, now)).toBeNull();
    expect(elapsedSeconds('garbage', null, now)).toBeNull();
    expect(elapsedSeconds('2026-01-01T12:00:05Z', null, now)).toBe(0);
  });
});

describe('formatElapsed', () => {
  it('writes m:ss under an hour and h:mm:ss above', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(75)).toBe('1:15');
    expect(formatElapsed(3600 + 62)).toBe('1:01:02');
  });
});
