import { describe, expect, it } from 'vitest';
import { assertCan, can, type PolicyActor } from '#core/access/policy.ts';
import { labelPolicy } from './label.policy.ts';

const member = (abilities: string[]): PolicyActor => ({ accountId: 1, admin: false, abilities });
const record = { id: 7 };

describe('label policy (administration.md §6)', () => {
  it('views with list-labels or update-labels, updates with update-labels, deletes with delete-labels', () => {
    expect(can(labelPolicy, member(['list-labels']), 'view', record)).toBe(true);
    expect(can(labelPolicy, member(['update-labels']), 'view', record)).toBe(true);
    expect(can(labelPolicy, member([]), 'view', record)).toBe(false);
    expect(can(labelPolicy, member(['list-labels']), 'update', record)).toBe(false);
    expect(can(labelPolicy, member(['update-labels']), 'update', record)).toBe(true);
    expect(can(labelPolicy, member(['update-labels']), 'delete', record)).toBe(false);
    expect(can(labelPolicy, member(['delete-labels']), 'delete', record)).toBe(true);
  });

  it('lets admins do everything; hides the record from others (404) and refuses the rest (403)', () => {
    const admin: PolicyActor = { accountId: 9, admin: true, abilities: [] };
    for (const action of ['view', 'update', 'delete'] as const)
      expect(can(labelPolicy, admin, action, record)).toBe(true);
    expect(() => assertCan(labelPolicy, member([]), 'update', record)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => assertCan(labelPolicy, member(['list-labels']), 'delete', record)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });
});
