import { definePolicy } from '#core/access/policy.ts';

/** administration.md §6: what each action on a label needs; a label is opened by its readers and its editors. */
export const labelPolicy = definePolicy({
  resource: 'labels',
  permissions: {
    list: 'list-labels',
    view: 'list-labels|update-labels',
    create: 'create-labels',
    update: 'update-labels',
    delete: 'delete-labels',
  },
});
