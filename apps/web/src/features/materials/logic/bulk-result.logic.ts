import type { BulkAction, BulkAnswer } from '@meshport/contract';

export type BulkKind = 'materials' | 'categories';

/** A banner to show, as a key of the materials namespace and its values. */
export interface BannerText {
  key: string;
  values: Record<string, string | number>;
}

export interface BulkBanners {
  success: BannerText | null;
  failure: BannerText | null;
}

/**
 * The banners of a bulk answer (content.md §8): '{n} Materials successfully moved' for what was
 * done, 'The following materials have not been deleted because they are still connected to a
 * model; {names}' for what was refused.
 */
export function bulkBanners(kind: BulkKind, answer: Pick<BulkAnswer, 'action' | 'success' | 'failed'>): BulkBanners {
  const action: BulkAction = answer.action;
  const success =
    answer.success.length > 0 ? { key: `bulk.${kind}.success.${action}`, values: { n: answer.success.length } } : null;
  const names = answer.failed.map((entry) => entry.name).join(', ');
  const failure =
    answer.failed.length > 0
      ? { key: action === 'delete' ? `bulk.${kind}.failed.delete` : `bulk.${kind}.failed.other`, values: { names } }
      : null;
  return { success, failure };
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A bulk answer as the list's banners, in the materials namespace's words (content.md §8). */
export function bulkOutcome(
  t: Translate,
  kind: BulkKind,
  answer: Pick<BulkAnswer, 'action' | 'success' | 'failed'>,
): { success: string | null; failure: string | null } {
  const banners = bulkBanners(kind, answer);
  return {
    success: banners.success ? t(banners.success.key, banners.success.values) : null,
    failure: banners.failure ? t(banners.failure.key, banners.failure.values) : null,
  };
}
