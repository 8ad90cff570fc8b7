import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, categoryOptions, subtreeIds } from './category-tree.logic.ts';

const tree = [
  { id: 1, name: 'Wood', parent_id: null },
  { id: 2, name: 'Oak', parent_id: 1 },
  { id: 3, name: 'Walnut', parent_id: 1 },
  { id: 4, name: 'Smoked', parent_id: 2 },
  { id: 5, name: 'Stone', parent_id: null },
];

describe('breadcrumbTrail', () => {
  it('flattens the nested breadcrumbs, root first', () => {
    const crumbs = { id: 1, name: 'Wood', next: { id: 2, name: 'Oak', next: { id: 4, name: 'Smoked', next: null } } };
    expect(breadcrumbTrail(crumbs)).toEqual([
      { id: 1, name: 'Wood' },
      { id: 2, name: 'Oak' },
      { id: 4, name: 'Smoked' },
    ]);
  });

  it('is empty at the top level and stops at a repeated id', () => {
    expect(breadcrumbTrail(null)).toEqual([]);
    const loop: { id: number; name: string; next: unknown } = { id: 1, name: 'Wood', next: null };
    loop.next = loop;
    expect(breadcrumbTrail(loop as never)).toEqual([{ id: 1, name: 'Wood' }]);
  });
});

describe('categoryOptions', () => {
  it('labels each category with its path and sorts by it', () => {
    expect(categoryOptions(tree).map((option) => option.label)).toEqual([
      'Stone',
      'Wood',
      'Wood / Oak',
      'Wood / Oak / Smoked',
      'Wood / Walnut',
    ]);
    expect(categoryOptions(tree).find((option) => option.label === 'Wood / Oak')?.value).toBe('2');
  });

  it('leaves out a category and its descendants (no category becomes its own parent)', () => {
    expect(categoryOptions(tree, 2).map((option) => option.value)).toEqual(['5', '1', '3']);
    expect([...subtreeIds(tree, 1)].sort()).toEqual([1, 2, 3, 4]);
  });

  it('keeps a category whose parent is not in the list under its own name', () => {
    expect(categoryOptions([{ id: 9, name: 'Orphan', parent_id: 77 }])).toEqual([{ value: '9', label: 'Orphan' }]);
  });
});
