import { describe, expect, it } from 'vitest';
import { formatSpeed, nextSpeed, percentOf, timeLeft } from './upload-progress.logic.ts';

// The sizes themselves are written by formatBytes (lib/i18n/format.test.ts).
describe('formatSpeed', () => {
  it('adds per second', () => {
    expect(formatSpeed(2.4 * 1024 * 1024)).toBe('2.4 MB/s');
    expect(formatSpeed(2.4 * 1024 * 1024, { locale: 'nl' })).toBe('2,4 MB/s');
  });
});

describe('nextSpeed', () => {
  it('measures from the bytes sent since the last sample, not since the start', () => {
    const first = nextSpeed(null, 40_000_000, 0);
    expect(first.speed).toBeNull();
    const second = nextSpeed(first, 41_000_000, 1000);
    expect(second.speed).toBe(1_000_000);
  });
  it('ignores samples closer than a quarter second and smooths the rest', () => {
    const a = nextSpeed(null, 0, 0);
    const b = nextSpeed(a, 1_000_000, 1000);
    expect(nextSpeed(b, 1_500_000, 1100)).toBe(b);
    const c = nextSpeed(b, 4_000_000, 2000);
    expect(c.speed).toBeCloseTo(1_000_000 * 0.7 + 3_000_000 * 0.3);
  });
  it('starts over when the bytes go back (a restarted upload)', () => {
    const a = nextSpeed(nextSpeed(null, 0, 0), 5_000_000, 1000);
    expect(nextSpeed(a, 100, 2000)).toEqual({ bytes: 100, at: 2000, speed: null });
  });
});

describe('timeLeft', () => {
  it('rounds seconds up to fives, then minutes, then hours', () => {
    expect(timeLeft(1_000_000, 1_000_000)).toEqual({ unit: 'seconds', count: 5 });
    expect(timeLeft(12_000_000, 1_000_000)).toEqual({ unit: 'seconds', count: 15 });
    expect(timeLeft(58_000_000, 1_000_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(timeLeft(90_000_000, 1_000_000)).toEqual({ unit: 'minutes', count: 2 });
    expect(timeLeft(7_200_000_000, 1_000_000)).toEqual({ unit: 'hours', count: 2 });
  });
  it('is unknown without a speed', () => {
    expect(timeLeft(1000, null)).toBeNull();
    expect(timeLeft(1000, 0)).toBeNull();
  });
});

describe('percentOf', () => {
  it('shows 100 only when complete', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(45, 100)).toBe(45);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});
