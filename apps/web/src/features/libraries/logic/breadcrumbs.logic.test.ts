import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, idParam, nameFromState } from './breadcrumbs.logic.ts';

describe('breadcrumbTrail', () => {
  it('lists meta_data.breadcrumbs root first', () => {
    const crumbs = {
      id: 1,
      name: 'Cabinets',
      next: { id: 2, name: 'Base', next: { id: 3, name: 'Drawers', next: null } },
    };
    expect(breadcrumbTrail(crumbs)).toEqual([
      { id: 1, name: 'Cabinets' },
      { id: 2, name: 'Base' },
      { id: 3, name: 'Drawers' },
    ]);
  });

  it('is empty without breadcrumbs and stops at a repeated id', () => {
    expect(breadcrumbTrail(undefined)).toEqual([]);
    const loop: { id: number; name: string; next: unknown } = { id: 1, name: 'A', next: null };
    loop.next = { id: 2, name: 'B', next: loop };
    expect(breadcrumbTrail(loop as Parameters<typeof breadcrumbTrail>[0])).toEqual([
      { id: 1, name: 'A' },
      { id: 2, name: 'B' },
    ]);
  });
});

describe('nameFromState', () => {
  it('reads the name search passes in navigation state', () => {
    expect(nameFromState({ name: 'Ovens' })).toBe('Ovens');
    expect(nameFromState({ name: '  ' })).toBeNull();
    expect(nameFromState({ name: 3 })).toBeNull();
    expect(nameFromState(null)).toBeNull();
    expect(nameFromState('processor')).toBeNull();
  });
});

describe('idParam', () => {
  it('accepts positive whole numbers only', () => {
    expect(idParam('42')).toBe(42);
    expect(idParam(undefined)).toBeNull();
    expect(idParam('0')).toBeNull();
    expect(idParam('-1')).toBeNull();
    expect(idParam('4a')).toBeNull();
    expect(idParam('99999999999999999999')).toBeNull();
  });
});
