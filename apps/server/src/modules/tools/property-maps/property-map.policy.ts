import { definePolicy } from '#core/access/policy.ts';

/**
 * administration.md §6: what each action on a property map needs, on hatch only. The spec names
 * no view ability for property maps: any of their three abilities opens them.
 */
export const propertyMapPolicy = definePolicy({
  resource: 'property-maps',
  permissions: {
    view: 'create-property-maps|update-property-maps|delete-property-maps',
    create: 'create-property-maps',
    update: 'update-property-maps',
    delete: 'delete-property-maps',
  },
  hatchOnly: ['view', 'create', 'update', 'delete'],
});
