import { describe, expect, it } from 'vitest';
import { bootOutcome, bootPromise, startBootCall } from './boot-calls.ts';

describe('boot calls', () => {
  it('keeps the answer of a call made before React rendered, for the provider that would make it', async () => {
    let answer: (value: string) => void = () => undefined;
    const started = startBootCall('test:answer', () => new Promise<string>((resolve) => (answer = resolve)));
    expect(bootOutcome('test:answer')).toEqual({ state: 'pending' });
    expect(bootPromise('test:answer')).toBe(started);
    answer('acme');
    await started;
    expect(bootOutcome('test:answer')).toEqual({ state: 'done', data: 'acme' });
  });

  it('keeps a failure as an outcome, without an unhandled rejection', async () => {
    const error = new Error('503');
    const started = startBootCall('test:failure', () => Promise.reject(error));
    await expect(started).rejects.toBe(error);
    expect(bootOutcome('test:failure')).toEqual({ state: 'failed', error });
  });

  it('has nothing under a key that main.tsx did not start (providers then call themselves)', () => {
    expect(bootOutcome('test:never')).toBeUndefined();
    expect(bootPromise('test:never')).toBeUndefined();
  });
});
