import { describe, expect, it } from 'vitest';
import { assertCan, can, type PolicyActor } from '#core/access/policy.ts';
import { groupPolicy } from './group.policy.ts';

const member = (abilities: string[]): PolicyActor => ({ accountId: 1, admin: false, abilities });
const record = { id: 7 };

describe('group policy (administration.md §6)', () => {
  it('views with view-groups or update-groups, updates with update-groups, deletes with delete-groups', () => {
    expect(can(groupPolicy, member(['view-groups']), 'view', record)).toBe(true);
    expect(can(groupPolicy, member(['update-groups']), 'view', record)).toBe(true);
    expect(can(groupPolicy, member([]), 'view', record)).toBe(false);
    expect(can(groupPolicy, member(['view-groups']), 'update', record)).toBe(false);
    expect(can(groupPolicy, member(['update-groups']), 'update', record)).toBe(true);
    expect(can(groupPolicy, member(['update-groups']), 'delete', record)).toBe(false);
    expect(can(groupPolicy, member(['delete-groups']), 'delete', record)).toBe(true);
  });

  it('lets admins do everything; hides the record from others (404) and refuses the rest (403)', () => {
    const admin: PolicyActor = { accountId: 9, admin: true, abilities: [] };
    for (const action of ['view', 'update', 'delete'] as const)
      expect(can(groupPolicy, admin, action, record)).toBe(true);
    expect(() => assertCan(groupPolicy, member([]), 'update', record)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => assertCan(groupPolicy, member(['view-groups']), 'delete', record)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });
});
