import type { libraryEndpoints } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import {
  buildListQuery,
  columnSortDirection,
  defaultSortOptions,
  nextColumnSort,
  paginatorVisible,
  showingRange,
} from './list-query.logic.ts';

const link = (label: string) => ({ url: null, label, active: false });

describe('list query', () => {
  it('combines the fixed query with the user choices, leaving empty values out', () => {
    const query = buildListQuery<typeof libraryEndpoints.list>(
      { filter: { parent_id: 'null' }, included_fields: ['id', 'name'], extra: { favorites_first: '1' } },
      { sort: '-updated_at', page: 2, perPage: 10, search: ' chair ', filters: { status: 'active', label: '' } },
    );
    expect(query).toEqual({
      favorites_first: '1',
      page: 2,
      per_page: 10,
      sort: '-updated_at',
      filter: { search: 'chair', status: 'active', parent_id: 'null' },
      included_fields: ['id', 'name'],
    });
  });

  it('lets the fixed filter win over a stored one and omits an empty filter object', () => {
    const fixed = buildListQuery<typeof libraryEndpoints.list>(
      { filter: { parent_id: '5' } },
      { sort: 'name', page: 1, perPage: 5, search: '', filters: { parent_id: '9' } },
    );
    expect(fixed.filter).toEqual({ parent_id: '5' });
    const bare = buildListQuery(undefined, { sort: 'name', page: 1, perPage: 5, search: '  ', filters: {} });
    expect(bare).toEqual({ page: 1, per_page: 5, sort: 'name' });
  });

  it('shows the paginator only when the answer has more than 3 links', () => {
    expect(paginatorVisible(undefined)).toBe(false);
    expect(paginatorVisible({ links: [link('« Previous'), link('1'), link('Next »')] })).toBe(false);
    expect(paginatorVisible({ links: [link('« Previous'), link('1'), link('2'), link('Next »')] })).toBe(true);
  });

  it('reads Showing X to Y of Z from the meta, 0 to 0 when empty', () => {
    const showing = 'resourceList.showing';
    expect(showingRange({ from: 11, to: 20, total: 42 })).toEqual({ key: showing, from: 11, to: 20, total: 42 });
    expect(showingRange({ from: null, to: null, total: 0 })).toEqual({ key: showing, from: 0, to: 0, total: 0 });
    expect(showingRange({ from: 1, to: 25, total: 910_000, total_estimated: true })).toEqual({
      key: 'resourceList.showingAbout',
      from: 1,
      to: 25,
      total: 910_000,
    });
  });

  it('offers Name, Created and Modified both ways', () => {
    const label = (field: string, descending: boolean) => `${field}${descending ? '↓' : '↑'}`;
    expect(defaultSortOptions(label)).toEqual([
      { value: 'name', label: 'name↑' },
      { value: '-name', label: 'name↓' },
      { value: 'created_at', label: 'created_at↑' },
      { value: '-created_at', label: 'created_at↓' },
      { value: 'updated_at', label: 'updated_at↑' },
      { value: '-updated_at', label: 'updated_at↓' },
    ]);
  });

  it('cycles a column sort ascending, descending, then back to the default', () => {
    expect(nextColumnSort('-updated_at', 'name', '-updated_at')).toBe('name');
    expect(nextColumnSort('name', 'name', '-updated_at')).toBe('-name');
    expect(nextColumnSort('-name', 'name', '-updated_at')).toBe('-updated_at');
    expect(nextColumnSort('-name', 'name', 'name')).toBe('name');
    expect(columnSortDirection('-name', 'name')).toBe('desc');
    expect(columnSortDirection('name', 'name')).toBe('asc');
    expect(columnSortDirection('-updated_at', 'name')).toBe(false);
  });
});
