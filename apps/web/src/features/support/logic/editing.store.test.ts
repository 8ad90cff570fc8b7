import { describe, expect, it, vi } from 'vitest';
import { EditingStore } from './editing.store.ts';

describe('EditingStore', () => {
  it('edits one row at a time and tells listeners only of changes', () => {
    const store = new EditingStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set(3);
    store.set(3);
    expect(store.current()).toBe(3);
    store.set(5);
    expect(store.current()).toBe(5);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.set(null);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
