import { definePolicy } from '#core/access/policy.ts';

/**
 * administration.md §6: every holder of list-downloads sees and downloads; adding, editing and
 * deleting downloads are for platform administrators (the routes' `admin` access).
 */
export const downloadPolicy = definePolicy({
  resource: 'downloads',
  permissions: { view: 'list-downloads' },
});
