import { SEARCH_CATEGORIES } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import {
  availableCategories,
  categoriesOfGroup,
  checkState,
  enabledCategories,
  readFilters,
  SEARCH_FILTERS_KEY,
  searchTerm,
  setCategories,
  toggleCategory,
  writeFilters,
} from './search-filters.logic.ts';

const editor = {
  admin: false,
  abilities: ['view-projects', 'list-libraries', 'list-materials', 'view-roles', 'list-labels'],
  licences: ['hatch', 'design_and_sales'],
};

describe('availableCategories', () => {
  it('follows permissions, and shows hatch-only categories only on hatch', () => {
    expect(availableCategories(editor, 'hatch')).toEqual([
      'projects',
      'libraries',
      'library_items',
      'materials',
      'material_categories',
      'roles',
      'labels',
    ]);
    expect(availableCategories(editor, 'customerportal')).toEqual([
      'projects',
      'libraries',
      'library_items',
      'roles',
      'labels',
    ]);
  });
  it('gives admins every category on hatch and none of the hatch-only ones elsewhere', () => {
    const admin = { admin: true, abilities: [], licences: [] };
    expect(availableCategories(admin, 'hatch')).toEqual([...SEARCH_CATEGORIES]);
    expect(availableCategories(admin, 'customerportal')).not.toContain('property_maps');
  });
});

describe('filter state', () => {
  const available = availableCategories({ admin: true, abilities: [], licences: [] }, 'hatch');

  it('starts with everything checked', () => {
    expect(enabledCategories({}, available)).toEqual(available);
    expect(checkState({}, available)).toBe('all');
  });
  it('toggles one category, a group and all', () => {
    const one = toggleCategory({}, 'users');
    expect(checkState(one, categoriesOfGroup('security', available))).toBe('some');
    expect(checkState(one, available)).toBe('some');
    const noSecurity = setCategories(one, categoriesOfGroup('security', available), false);
    expect(checkState(noSecurity, categoriesOfGroup('security', available))).toBe('none');
    expect(enabledCategories(noSecurity, available)).not.toContain('roles');
    const none = setCategories(noSecurity, available, false);
    expect(enabledCategories(none, available)).toEqual([]);
    expect(checkState(none, available)).toBe('none');
  });
  it('groups the categories as core, security and tools', () => {
    expect(categoriesOfGroup('core', available)).toEqual([
      'projects',
      'models',
      'libraries',
      'library_items',
      'materials',
      'material_categories',
    ]);
    expect(categoriesOfGroup('security', available)).toEqual(['users', 'roles', 'groups']);
    expect(categoriesOfGroup('tools', available)).toEqual(['labels', 'downloads', 'property_maps']);
  });
  it('is kept in session storage, ignoring junk', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    writeFilters(storage, { users: false, projects: true });
    expect(readFilters(storage)).toEqual({ users: false, projects: true });
    store.set(SEARCH_FILTERS_KEY, '{"users":"no","nonsense":false,"roles":false}');
    expect(readFilters(storage)).toEqual({ roles: false });
    store.set(SEARCH_FILTERS_KEY, 'not json');
    expect(readFilters(storage)).toEqual({});
  });
});

describe('searchTerm', () => {
  it('trims the term and treats blanks as missing', () => {
    expect(searchTerm(new URLSearchParams('search=%20kitchen%20'))).toBe('kitchen');
    expect(searchTerm(new URLSearchParams('search=%20%20'))).toBeNull();
    expect(searchTerm(new URLSearchParams(''))).toBeNull();
  });
});
