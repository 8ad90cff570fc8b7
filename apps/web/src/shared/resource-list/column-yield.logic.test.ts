import { describe, expect, it } from 'vitest';
import {
  columnPriority,
  NOTHING_YIELDED,
  nextYield,
  yieldedColumns,
  yieldHost,
  yieldOrder,
} from './column-yield.logic.ts';

describe('column yielding', () => {
  it('keeps the first column and the name, lets dates, people and texts go first', () => {
    expect(columnPriority({ id: 'favorite' }, 0)).toBe(1);
    expect(columnPriority({ id: 'name' }, 1)).toBe(1);
    expect(columnPriority({ id: 'status' }, 2)).toBe(2);
    expect(columnPriority({ id: 'updated_at' }, 3)).toBe(3);
    expect(columnPriority({ id: 'uploader' }, 3)).toBe(3);
    expect(columnPriority({ id: 'created', priority: 2 }, 3)).toBe(2);
    expect(columnPriority({ id: 'anything', priority: 1 }, 5)).toBe(1);
  });

  it('yields the highest priority number first, the rightmost first within a priority', () => {
    const columns = [
      { id: 'name' },
      { id: 'description', priority: 3 as const },
      { id: 'created', priority: 3 as const },
      { id: 'modified', priority: 2 as const },
      { id: 'users', priority: 2 as const },
    ];
    expect(yieldOrder(columns)).toEqual(['created', 'description', 'users', 'modified']);
  });

  it('never yields a priority 1 column', () => {
    expect(yieldOrder([{ id: 'favorite', priority: 1 }, { id: 'name' }, { id: 'status', priority: 1 }])).toEqual([]);
  });

  it('shows hidden columns under the name, else under the first column', () => {
    expect(yieldHost([{ id: 'favorite' }, { id: 'name' }, { id: 'created' }])).toBe('name');
    expect(yieldHost([{ id: 'email' }, { id: 'role' }])).toBe('email');
    expect(yieldHost([{ id: 'time' }, { id: 'step' }, { id: 'message' }])).toBe('message');
    expect(yieldHost([])).toBeUndefined();
  });

  it('hides the first n columns of the order', () => {
    const order = ['created', 'description', 'users'];
    expect([...yieldedColumns(order, 0)]).toEqual([]);
    expect([...yieldedColumns(order, 2)]).toEqual(['created', 'description']);
    expect([...yieldedColumns(order, 9)]).toEqual(order);
  });

  it('hides one column per step, then squeezes, then stops', () => {
    let state = NOTHING_YIELDED;
    const steps: string[] = [];
    for (let next = nextYield(state, 2); next; next = nextYield(state, 2)) {
      state = next;
      steps.push(`${state.hidden}${state.squeezed ? 's' : ''}`);
    }
    expect(steps).toEqual(['1', '2', '2s']);
  });
});
