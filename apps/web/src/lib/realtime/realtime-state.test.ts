import { describe, expect, it } from 'vitest';
import { backoffDelay, isFatalHandshakeStatus } from './realtime-state.ts';

describe('backoffDelay', () => {
  const options = { initial: 1_000, max: 30_000, jitter: 0 };
  it('doubles from the first delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt, options))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
  it('spreads the delay by the jitter share', () => {
    const jittered = { ...options, jitter: 0.5 };
    expect(backoffDelay(2, jittered, () => 0)).toBe(1_000);
    expect(backoffDelay(2, jittered, () => 0.5)).toBe(2_000);
    expect(backoffDelay(2, jittered, () => 1)).toBe(3_000);
  });
  it('survives absurd attempt numbers', () => {
    expect(backoffDelay(10_000, options)).toBe(30_000);
    expect(backoffDelay(0, options)).toBe(1_000);
  });
});

describe('isFatalHandshakeStatus', () => {
  it('gives up only on refusals a retry cannot fix', () => {
    expect(isFatalHandshakeStatus(401)).toBe(true);
    expect(isFatalHandshakeStatus(403)).toBe(true);
    expect(isFatalHandshakeStatus(404)).toBe(true);
    expect(isFatalHandshakeStatus(500)).toBe(false);
    expect(isFatalHandshakeStatus(undefined)).toBe(false);
  });
});
