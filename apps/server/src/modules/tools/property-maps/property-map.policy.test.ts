import { describe, expect, it } from 'vitest';
import { assertCan, can, type PolicyActor } from '#core/access/policy.ts';
import { propertyMapPolicy } from './property-map.policy.ts';

const member = (abilities: string[]): PolicyActor => ({ accountId: 1, admin: false, abilities });
const record = { id: 7 };

describe('property map policy (administration.md §6)', () => {
  it('views with create-property-maps or update-property-maps, updates with update-property-maps, deletes with delete-property-maps', () => {
    expect(can(propertyMapPolicy, member(['create-property-maps']), 'view', record)).toBe(true);
    expect(can(propertyMapPolicy, member(['update-property-maps']), 'view', record)).toBe(true);
    expect(can(propertyMapPolicy, member([]), 'view', record)).toBe(false);
    expect(can(propertyMapPolicy, member(['create-property-maps']), 'update', record)).toBe(false);
    expect(can(propertyMapPolicy, member(['update-property-maps']), 'update', record)).toBe(true);
    expect(can(propertyMapPolicy, member(['update-property-maps']), 'delete', record)).toBe(false);
    expect(can(propertyMapPolicy, member(['delete-property-maps']), 'delete', record)).toBe(true);
  });

  it('lets admins do everything; hides the record from others (404) and refuses the rest (403)', () => {
    const admin: PolicyActor = { accountId: 9, admin: true, abilities: [] };
    for (const action of ['view', 'update', 'delete'] as const)
      expect(can(propertyMapPolicy, admin, action, record)).toBe(true);
    expect(() => assertCan(propertyMapPolicy, member([]), 'update', record)).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => assertCan(propertyMapPolicy, member(['create-property-maps']), 'delete', record)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
  });
});
