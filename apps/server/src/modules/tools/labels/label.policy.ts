import type { PermissionExpression } from '@meshport/contract';
import { definePolicy, holds } from '#core/access/policy.ts';

/** Who may open a label (Tools → Labels → edit). */
export const LABEL_VIEW_PERMISSION = 'list-labels|update-labels' satisfies PermissionExpression;

export interface LabelRecord {
  id: number;
}

/** administration.md §6. */
export const labelPolicy = definePolicy<'view' | 'update' | 'delete', LabelRecord>({
  resource: 'labels',
  rules: {
    view: holds(LABEL_VIEW_PERMISSION),
    update: holds('update-labels'),
    delete: holds('delete-labels'),
  },
  viewAction: 'view',
});
