import { definePolicy, holds } from '#core/access/policy.ts';

export interface DownloadRecord {
  id: number;
}

/** administration.md §6: every holder of list-downloads sees and downloads; edit and delete are admin only. */
export const downloadPolicy = definePolicy<'view' | 'update' | 'delete', DownloadRecord>({
  resource: 'downloads',
  rules: {
    view: holds('list-downloads'),
    update: (actor) => actor.admin,
    delete: (actor) => actor.admin,
  },
  viewAction: 'view',
});
