import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** What each action needs (administration.md §6). View: who may open a label (Tools → Labels → edit). */
export const LABEL_PERMISSIONS = {
  view: 'list-labels|update-labels',
  update: 'update-labels',
  delete: 'delete-labels',
} as const satisfies Record<string, PermissionExpression>;

export interface LabelRecord {
  id: number;
}

/** Spec: editing and deleting a label need update-labels and delete-labels (administration.md §6). */
export const labelPolicy = definePolicy<'view' | 'update' | 'delete', LabelRecord>({
  resource: 'labels',
  rules: {
    view: holds(LABEL_PERMISSIONS.view),
    update: holds(LABEL_PERMISSIONS.update),
    delete: holds(LABEL_PERMISSIONS.delete),
  },
  viewAction: 'view',
});
