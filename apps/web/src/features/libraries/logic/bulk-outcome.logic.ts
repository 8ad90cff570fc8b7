import type { BulkAnswer } from '@meshport/contract';

export type BulkKind = 'libraries' | 'items';

/** A text to show: a locale key of the libraries namespace and its values. */
export interface OutcomeText {
  key: string;
  values: Record<string, string | number>;
}

/**
 * content.md §8: '{n} Libraries successfully deleted' (and archived, activated, moved for items)
 * for what was done; for what was not, 'The following libraries have not been deleted because
 * they are still connected to a model; {names}' and its siblings.
 */
export function bulkOutcome(kind: BulkKind, answer: BulkAnswer): { success?: OutcomeText; failure?: OutcomeText } {
  return {
    ...(answer.success.length > 0
      ? { success: { key: `bulk.${kind}.success.${answer.action}`, values: { count: answer.success.length } } }
      : {}),
    ...(answer.failed.length > 0
      ? {
          failure: {
            key: `bulk.${kind}.failed.${answer.action}`,
            values: { names: answer.failed.map((entry) => entry.name).join(', ') },
          },
        }
      : {}),
  };
}

/** Whether a status counts as archived for the Archive/Activate choice (content.md §4). */
export function isArchived(status: string): boolean {
  return status.toLowerCase() === 'archived';
}

/** Archive is offered while any of the selection is not archived, Activate while any is. */
export function archiveChoices(statuses: readonly string[]): { archive: boolean; activate: boolean } {
  return {
    archive: statuses.some((status) => !isArchived(status)),
    activate: statuses.some((status) => isArchived(status)),
  };
}
