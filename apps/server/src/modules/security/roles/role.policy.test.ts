import { describe, expect, it } from 'vitest';
import { assertCan, can, type PolicyActor } from '#core/access/policy.ts';
import { rolePolicy } from './role.policy.ts';

const member = (abilities: string[]): PolicyActor => ({ accountId: 1, admin: false, abilities });
const record = { id: 7 };

describe('role policy (administration.md §6)', () => {
  it('views with view-roles or update-roles, updates with update-roles, deletes with delete-roles', () => {
    expect(can(rolePolicy, member(['view-roles']), 'view', record)).toBe(true);
    expect(can(rolePolicy, member(['update-roles']), 'view', record)).toBe(true);
    expect(can(rolePolicy, member([]), 'view', record)).toBe(false);
    expect(can(rolePolicy, member(['view-roles']), 'update', record)).toBe(false);
    expect(can(rolePolicy, member(['update-roles']), 'update', record)).toBe(true);
    expect(can(rolePolicy, member(['update-roles']), 'delete', record)).toBe(false);
    expect(can(rolePolicy, member(['delete-roles']), 'delete', record)).toBe(true);
  });

  it('lets admins do everything; hides the record from others (404) and refuses the rest (403)', () => {
    const admin: PolicyActor = { accountId: 9, admin: true, abilities: [] };
    for (const action of ['view', 'update', 'delete'] as const)
      expect(can(rolePolicy, admin, action, record)).toBe(true);
    expect(() => assertCan(rolePolicy, member([]), 'update', record)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => assertCan(rolePolicy, member(['view-roles']), 'delete', record)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });
});
