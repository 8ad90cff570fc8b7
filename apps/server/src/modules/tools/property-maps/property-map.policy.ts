import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** What each action needs (administration.md §6). View: the spec names no view ability for property maps: any of their three abilities opens them. */
export const PROPERTY_MAP_PERMISSIONS = {
  view: 'create-property-maps|update-property-maps|delete-property-maps',
  update: 'update-property-maps',
  delete: 'delete-property-maps',
} as const satisfies Record<string, PermissionExpression>;

export interface PropertyMapRecord {
  id: number;
}

/** administration.md §6 (the hatch-only rule is the routes': it depends on the host, not the record). */
export const propertyMapPolicy = definePolicy<'view' | 'update' | 'delete', PropertyMapRecord>({
  resource: 'property-maps',
  rules: {
    view: holds(PROPERTY_MAP_PERMISSIONS.view),
    update: holds(PROPERTY_MAP_PERMISSIONS.update),
    delete: holds(PROPERTY_MAP_PERMISSIONS.delete),
  },
  viewAction: 'view',
});
