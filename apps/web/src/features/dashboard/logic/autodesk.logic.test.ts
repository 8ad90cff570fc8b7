import { describe, expect, it } from 'vitest';
import { AUTODESK_DISMISSED_KEY, autodeskWarnings, readDismissed, writeDismissed } from './autodesk.logic.ts';

const account = (connected: boolean, outdated = false) => ({
  autodesk_connected: connected,
  autodesk_scope_outdated: outdated,
});

describe('autodeskWarnings', () => {
  it('shows nothing when the company does not use the integration', () => {
    expect(autodeskWarnings('no', account(false))).toEqual([]);
    expect(autodeskWarnings(undefined, account(false))).toEqual([]);
  });
  it('asks to connect or to reconnect', () => {
    expect(autodeskWarnings('yes', account(false))).toEqual(['connect']);
    expect(autodeskWarnings('yes_always_prompt', account(true, true))).toEqual(['reconnect']);
    expect(autodeskWarnings('yes', account(true))).toEqual([]);
  });
});

describe('dismissed warnings', () => {
  it('round-trips through session storage and ignores junk', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    expect(readDismissed(storage)).toEqual([]);
    writeDismissed(storage, ['connect', 'connect']);
    expect(readDismissed(storage)).toEqual(['connect']);
    store.set(AUTODESK_DISMISSED_KEY, '{bad');
    expect(readDismissed(storage)).toEqual([]);
    store.set(AUTODESK_DISMISSED_KEY, '["reconnect", 5]');
    expect(readDismissed(storage)).toEqual(['reconnect']);
  });
});
