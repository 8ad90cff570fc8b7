import { describe, expect, it } from 'vitest';
import {
  changeState,
  filtersChanged,
  initialState,
  parseStoredState,
  readListState,
  type StateDefaults,
  storageKey,
  writeListState,
} from './list-state.logic.ts';

const defaults: StateDefaults = {
  sort: '-updated_at',
  perPage: 10,
  view: 'grid',
  views: ['grid', 'list'],
  sorts: ['-updated_at', 'name', '-name', 'created_at', '-created_at', 'updated_at'],
  filters: { status: '', label: '' },
};

class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('list state in session storage', () => {
  it('opens with the defaults when nothing is stored', () => {
    expect(readListState(new MemoryStorage(), 'libraries:root', defaults)).toEqual({
      sort: '-updated_at',
      search: '',
      filters: { status: '', label: '' },
      perPage: 10,
      view: 'grid',
      page: 1,
    });
  });

  it('keeps sort and filters per list id', () => {
    const storage = new MemoryStorage();
    const state = { ...initialState(defaults), sort: 'name', filters: { status: 'archived', label: '3,4' } };
    writeListState(storage, 'libraries:7', state);
    expect(readListState(storage, 'libraries:7', defaults)).toEqual(state);
    expect(readListState(storage, 'libraries:8', defaults).sort).toBe('-updated_at');
    expect(storage.getItem(storageKey('libraries:7'))).toContain('archived');
  });

  it('drops stored values the list no longer offers', () => {
    const stored = JSON.stringify({
      sort: 'description',
      perPage: 7,
      view: 'table',
      filters: { status: 'active', unknown: 'x' },
      search: 'chair',
      page: 0,
    });
    const state = parseStoredState(stored, defaults);
    expect(state).toEqual({ ...initialState(defaults), filters: { status: 'active', label: '' }, search: 'chair' });
  });

  it('survives broken JSON and unavailable storage', () => {
    expect(parseStoredState('{not json', defaults)).toEqual(initialState(defaults));
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
    } as unknown as Storage;
    expect(readListState(broken, 'x', defaults)).toEqual(initialState(defaults));
    expect(() => writeListState(broken, 'x', initialState(defaults))).not.toThrow();
  });

  it('goes back to page 1 on any change and tells when the filters differ from the defaults', () => {
    const onPage3 = { ...initialState(defaults), page: 3 };
    const changed = changeState(onPage3, { filters: { status: 'archived' } });
    expect(changed.page).toBe(1);
    expect(changed.filters).toEqual({ status: 'archived', label: '' });
    expect(filtersChanged(changed, defaults)).toBe(true);
    expect(filtersChanged(onPage3, defaults)).toBe(false);
    expect(filtersChanged({ ...onPage3, search: 'a' }, defaults)).toBe(true);
  });
});
