import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerStore, bannerLife, GLOBAL_SCOPE, UNDO_BANNER_LIFE_MS } from './banner.store.ts';

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
    store.show({ kind: 'success', text: 'No', delay: 500, life: 3000 });
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

  it('keeps a banner with an action for at least the undo life', () => {
    const store = new BannerStore();
    const run = vi.fn(async () => 'Restored successfully');
    store.show({ kind: 'success', text: 'Deleted', life: 3000, action: { label: 'Undo', run } });
    store.show({ kind: 'success', text: 'Pinned', life: 0, action: { label: 'Undo', run } });
    vi.advanceTimersByTime(UNDO_BANNER_LIFE_MS - 1);
    expect(store.getSnapshot().map((banner) => banner.text)).toEqual(['Deleted', 'Pinned']);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((banner) => banner.text)).toEqual(['Pinned']);
    expect(run).not.toHaveBeenCalled();
  });

  it('stays while its action runs, then shows the outcome without the button', async () => {
    const store = new BannerStore();
    let finish: (text: string) => void = () => undefined;
    const run = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const id = store.show({ kind: 'success', text: 'Deleted', scope: 'projects', action: { label: 'Undo', run } });
    const running = store.runAction(id);
    void store.runAction(id);
    expect(run).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()[0]).toMatchObject({ text: 'Deleted', running: true });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    finish('Restored successfully');
    await running;
    expect(store.getSnapshot()).toEqual([{ id, scope: 'projects', kind: 'success', text: 'Restored successfully' }]);
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('shows the failure of its action: its own text, or the error message', async () => {
    const store = new BannerStore();
    const refuse = async (): Promise<string> => {
      throw new Error('Restore the record this one belongs to first.');
    };
    const plain = store.show({ kind: 'success', text: 'A', action: { label: 'Undo', run: refuse } });
    const worded = store.show({
      kind: 'success',
      text: 'B',
      action: { label: 'Undo', run: refuse, failureText: () => 'The action could not be completed.' },
    });
    await store.runAction(plain);
    await store.runAction(worded);
    expect(store.getSnapshot().map(({ kind, text, action }) => ({ kind, text, action }))).toEqual([
      { kind: 'failure', text: 'Restore the record this one belongs to first.', action: undefined },
      { kind: 'failure', text: 'The action could not be completed.', action: undefined },
    ]);
  });

  it('drops the outcome of an action whose banner was closed meanwhile', async () => {
    const store = new BannerStore();
    const id = store.show({ kind: 'success', text: 'A', action: { label: 'Undo', run: async () => 'Restored' } });
    const running = store.runAction(id);
    store.dismiss(id);
    await running;
    expect(store.getSnapshot()).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps a failure until it is closed, whatever life was asked', () => {
    const store = new BannerStore();
    const id = store.show({ kind: 'failure', text: 'The action could not be completed.', life: 3000 });
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot().map((banner) => banner.text)).toEqual(['The action could not be completed.']);
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps the failure of an Undo until closed', async () => {
    const store = new BannerStore();
    const refuse = async (): Promise<string> => {
      throw new Error('No');
    };
    const id = store.show({ kind: 'success', text: 'Deleted', action: { label: 'Undo', run: refuse } });
    await store.runAction(id);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toMatchObject([{ id, kind: 'failure', text: 'No' }]);
  });

  it('holds a banner while it is pointed at or focused, then gives it its whole life again', () => {
    const store = new BannerStore();
    const id = store.show({ kind: 'success', text: 'Deleted', action: { label: 'Undo', run: async () => 'Back' } });
    vi.advanceTimersByTime(UNDO_BANNER_LIFE_MS - 1);
    store.hold(id);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.release(id);
    vi.advanceTimersByTime(UNDO_BANNER_LIFE_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('ignores a release without a hold, and a hold of a banner that is gone', () => {
    const store = new BannerStore();
    const id = store.show({ kind: 'success', text: 'Saved', life: 3000 });
    store.release(id);
    vi.advanceTimersByTime(2999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    store.hold(id);
    store.release(id);
    expect(store.getSnapshot()).toEqual([]);
  });
});

describe('bannerLife', () => {
  it('is until closed for failures, at least the undo life with a button, else as asked or 5 s', () => {
    expect(bannerLife({ kind: 'failure', life: 3000 })).toBe(0);
    expect(bannerLife({ kind: 'success', life: 3000, action: { label: 'Undo', run: async () => '' } })).toBe(
      UNDO_BANNER_LIFE_MS,
    );
    expect(bannerLife({ kind: 'success', life: 0, action: { label: 'Undo', run: async () => '' } })).toBe(0);
    expect(bannerLife({ kind: 'success', life: 3000 })).toBe(3000);
    expect(bannerLife({ kind: 'success' })).toBe(5000);
  });
});
