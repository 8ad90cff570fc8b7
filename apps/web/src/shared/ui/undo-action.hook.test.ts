import { ApiError } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { restoreAll } from './undo-action.hook.ts';

describe('restoreAll', () => {
  it('tries a record again after the others are back, and counts one brought along as done', async () => {
    const inBin = new Set(['base', 'variant', 'child']);
    const calls: string[] = [];
    const restore = (name: string, needs?: string, bringsAlong?: string) => async () => {
      calls.push(name);
      if (!inBin.has(name)) throw new ApiError(404, { message: 'Not found.' });
      if (needs && inBin.has(needs)) throw new ApiError(409, { message: 'Restore the parent first.' });
      inBin.delete(name);
      if (bringsAlong) inBin.delete(bringsAlong);
    };
    await restoreAll([restore('child', 'base'), restore('variant'), restore('base', undefined, 'variant')]);
    expect(inBin.size).toBe(0);
    expect(calls).toEqual(['child', 'variant', 'base', 'child']);
  });

  it('throws the first error when nothing could be restored, or what still fails', async () => {
    const gone = async () => {
      throw new ApiError(410, { message: 'The 30-day restore window has passed.' });
    };
    await expect(restoreAll([gone, gone])).rejects.toThrow('The 30-day restore window has passed.');
    await expect(restoreAll([async () => undefined, gone])).rejects.toThrow('restore window');
  });
});
