import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerStore, GLOBAL_SCOPE } from './banner.store.ts';

describe('banner store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a banner for its life, then drops it', () => {
    const store = new BannerStore();
    const seen: number[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().length));
    store.show({ kind: 'success', text: '2 Libraries successfully deleted', scope: 'list:libraries', life: 5000 });
    expect(store.getSnapshot()).toEqual([
      { id: 1, scope: 'list:libraries', kind: 'success', text: '2 Libraries successfully deleted' },
    ]);
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(seen).toEqual([1, 0]);
  });

  it('waits the delay before a toast shows, and clears a scope', () => {
    const store = new BannerStore();
    store.show({ kind: 'failure', text: 'No', delay: 500, life: 3000 });
    store.show({ kind: 'success', text: 'Kept', scope: 'list:a', life: 0 });
    expect(store.getSnapshot().map((banner) => banner.text)).toEqual(['Kept']);
    vi.advanceTimersByTime(500);
    expect(store.getSnapshot().map((banner) => banner.scope)).toEqual(['list:a', GLOBAL_SCOPE]);
    store.clear('list:a');
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('closes one banner on dismiss', () => {
    const store = new BannerStore();
    const id = store.show({ kind: 'success', text: 'A' });
    store.show({ kind: 'success', text: 'B' });
    store.dismiss(id);
    expect(store.getSnapshot().map((banner) => banner.text)).toEqual(['B']);
  });
});
