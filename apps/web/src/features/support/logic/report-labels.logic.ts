import {
  ISSUE_PRODUCT_KEYS,
  ISSUE_SEVERITIES,
  ISSUE_STATUSES,
  type IssueProduct,
  type IssueSeverity,
} from '@meshport/contract';
import type { TFunction } from 'i18next';

export interface Option {
  value: string;
  label: string;
}

export const severityOptions = (t: TFunction<'support'>): Option[] =>
  ISSUE_SEVERITIES.map((value) => ({ value, label: t(`severities.${value}`) }));

export const statusOptions = (t: TFunction<'support'>): Option[] =>
  ISSUE_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }));

export const productOptions = (t: TFunction<'support'>): Option[] =>
  ISSUE_PRODUCT_KEYS.map((value) => ({ value, label: t(`products.${value}`) }));

/** The products map of a report (`{hatch: '1'}`) as its labels, in the order of §3. */
export function productLabels(products: Record<string, string>, t: TFunction<'support'>): string[] {
  return ISSUE_PRODUCT_KEYS.filter((key) => products[key] === '1').map((key) => t(`products.${key}`));
}

/** The chosen product keys as the spec's map of key → '1'. */
export function productsMap(keys: readonly string[]): Partial<Record<IssueProduct, '1'>> {
  return Object.fromEntries(ISSUE_PRODUCT_KEYS.filter((key) => keys.includes(key)).map((key) => [key, '1' as const]));
}

/** Mantine colour names per severity: calm to alarming. */
export const SEVERITY_COLORS: Record<IssueSeverity, string> = {
  lowest: 'gray',
  low: 'blue',
  medium: 'yellow',
  high: 'orange',
  highest: 'red',
};
