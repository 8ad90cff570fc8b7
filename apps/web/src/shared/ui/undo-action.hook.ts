import { hasPermission } from '@meshport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/api-client.ts';
import type { QueryResource } from '@/lib/api/query-keys.ts';
import { useAuth } from '@/lib/session/auth.context.ts';
import type { BannerAction } from './banner.store.ts';

/** One restore call (`POST …/{id}/restore`) of a deleted record. */
export type RestoreCall = () => Promise<unknown>;

/** The ability that restores what went to the recycling bin (administration.md §6). */
export const RESTORE_PERMISSION = 'restore-deleted-entities';

/**
 * Runs the restores one after another. What failed is tried once more after the others are
 * back: a record whose parent was in the bin too comes back then, and one that a restore already
 * brought along (a variant with its base material) answers 404, which then counts as done.
 * What still fails throws its first error.
 */
export async function restoreAll(restores: readonly RestoreCall[]): Promise<void> {
  const failed: { restore: RestoreCall; error: unknown }[] = [];
  for (const restore of restores) {
    try {
      await restore();
    } catch (error) {
      failed.push({ restore, error });
    }
  }
  const [first] = failed;
  if (first === undefined) return;
  if (failed.length === restores.length) throw first.error;
  let firstError: unknown = null;
  for (const { restore } of failed) {
    try {
      await restore();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) continue;
      firstError ??= error;
    }
  }
  if (firstError !== null) throw firstError;
}

/** Builds a banner's Undo button, or nothing for a user who may not restore. */
export type UndoBuilder = (
  restores: readonly RestoreCall[],
  resources: readonly QueryResource[],
) => BannerAction | undefined;

/**
 * Undo after a delete: 'Undo' in the delete's banner calls the restore endpoints of the deleted
 * records, refreshes the resources' queries and answers 'Restored successfully' (or the error).
 * Offered only to a user holding `restore-deleted-entities`.
 */
export function useUndoAction(): UndoBuilder {
  const { t } = useTranslation();
  const { user } = useAuth();
  const client = useQueryClient();
  const mayRestore = user !== null && hasPermission(user, RESTORE_PERMISSION);
  return useCallback<UndoBuilder>(
    (restores, resources) => {
      if (!mayRestore || restores.length === 0) return undefined;
      return {
        label: t('undo.action'),
        run: async () => {
          try {
            await restoreAll(restores);
          } finally {
            await Promise.all(resources.map((resource) => client.invalidateQueries({ queryKey: [resource] })));
          }
          return t('undo.restored');
        },
        failureText: (error) =>
          error instanceof ApiError && !error.isNetworkError && error.body.message
            ? error.body.message
            : t('resourceList.actionFailed'),
      };
    },
    [mayRestore, t, client],
  );
}
