import type { BulkAnswer } from '@meshport/contract';
import type { BannerAction, BannerKind } from '../ui/banner.store.ts';
import type { ActionResult } from './resource-list.types.ts';

export function isBulkAnswer(result: ActionResult): result is BulkAnswer {
  return (
    typeof result === 'object' &&
    result !== null &&
    'action' in result &&
    Array.isArray((result as BulkAnswer).success) &&
    Array.isArray((result as BulkAnswer).failed)
  );
}

export interface OutcomeTexts {
  /** '{n} Libraries successfully deleted': the action's own text for the rows done. */
  successText?: (count: number) => string;
  /** Fallback when the action declares no text. */
  defaultSuccess: (count: number) => string;
  /** Fallback for failures without the server's message: the names not done. */
  defaultFailure: (names: string) => string;
}

export interface OutcomeBanner {
  kind: BannerKind;
  text: string;
  /** The outcome's Undo, on its success banner. */
  action?: BannerAction;
}

/**
 * The banners an action's result shows: for a bulk answer, one for what was done (the action's
 * text with the count) and one for what was not (the server's message, e.g. 'The following
 * libraries have not been deleted because …'); otherwise the outcome's own texts.
 */
export function outcomeBanners(result: ActionResult, texts: OutcomeTexts): OutcomeBanner[] {
  if (!result) return [];
  const banners: OutcomeBanner[] = [];
  if (isBulkAnswer(result)) {
    if (result.success.length > 0) {
      const count = result.success.length;
      banners.push({ kind: 'success', text: (texts.successText ?? texts.defaultSuccess)(count) });
    }
    if (result.failed.length > 0) {
      const names = result.failed.map((entry) => entry.name).join(', ');
      banners.push({ kind: 'failure', text: result.message ?? texts.defaultFailure(names) });
    }
    return banners;
  }
  if (result.success) {
    banners.push({ kind: 'success', text: result.success, ...(result.undo ? { action: result.undo } : {}) });
  }
  if (result.failure) banners.push({ kind: 'failure', text: result.failure });
  return banners;
}
