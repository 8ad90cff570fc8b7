import { describe, expect, it } from 'vitest';
import { assertCan, can, type PolicyActor } from '#core/access/policy.ts';
import { userPolicy } from './user.policy.ts';

const member = (abilities: string[], accountId = 1): PolicyActor => ({ accountId, admin: false, abilities });
const other = { id: 2 };

describe('user policy (administration.md §6)', () => {
  it('shows another member to readers and editors of the users list, and always one’s own record', () => {
    expect(can(userPolicy, member(['view-system-users']), 'view', other)).toBe(true);
    expect(can(userPolicy, member(['update-users']), 'view', other)).toBe(true);
    expect(can(userPolicy, member(['view-roles']), 'view', other)).toBe(false);
    expect(can(userPolicy, member([]), 'view', { id: 1 })).toBe(true);
    expect(() => assertCan(userPolicy, member([]), 'update', other)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
  });

  it('updates with update-users or one’s own record, deletes with delete-users; admins pass', () => {
    expect(can(userPolicy, member(['view-system-users']), 'update', other)).toBe(false);
    expect(can(userPolicy, member(['update-users']), 'update', other)).toBe(true);
    expect(can(userPolicy, member([]), 'update', { id: 1 })).toBe(true);
    expect(can(userPolicy, member(['update-users']), 'delete', other)).toBe(false);
    expect(can(userPolicy, member(['delete-users']), 'delete', other)).toBe(true);
    const admin: PolicyActor = { accountId: 9, admin: true, abilities: [] };
    for (const action of ['view', 'update', 'delete'] as const)
      expect(can(userPolicy, admin, action, other)).toBe(true);
    expect(() => assertCan(userPolicy, member(['view-system-users']), 'delete', other)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });
});
