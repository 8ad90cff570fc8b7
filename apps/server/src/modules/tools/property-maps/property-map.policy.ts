import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** The spec names no view ability for property maps: any of their three abilities opens them. */
export const PROPERTY_MAP_VIEW_PERMISSION =
  'create-property-maps|update-property-maps|delete-property-maps' satisfies PermissionExpression;

export interface PropertyMapRecord {
  id: number;
}

/** administration.md §6 (the hatch-only rule is the routes': it depends on the host, not the record). */
export const propertyMapPolicy = definePolicy<'view' | 'update' | 'delete', PropertyMapRecord>({
  resource: 'property-maps',
  rules: {
    view: holds(PROPERTY_MAP_VIEW_PERMISSION),
    update: holds('update-property-maps'),
    delete: holds('delete-property-maps'),
  },
  viewAction: 'view',
});
