import { type ChangelogItem, changelogItemSaveSchema, ENVIRONMENTS, type Environment } from '@meshport/contract';
import { z } from 'zod';
import type { FormValue } from '@/shared/forms/index.ts';

export type ChangelogType = ChangelogItem['type'];

export interface ChangelogFormValues {
  /** '' until one is chosen (a new item starts without a type). */
  type: ChangelogType | '';
  environments: Environment[];
  description: string;
  /** A new file, null to remove the current one, undefined to keep it. */
  screenshot: File | null | undefined;
}

export const CHANGELOG_FORM_FIELDS = ['type', 'environments', 'description', 'screenshot'] as const;
export type ChangelogFormField = (typeof CHANGELOG_FORM_FIELDS)[number];

/** The date an item reached `environment` (YYYY-MM-DD), or null. */
export function environmentDate(item: ChangelogItem, environment: Environment): string | null {
  return item[`date_on_${environment}`] ?? null;
}

/** administration.md §4: a new item has no type and only Development ticked; on edit the ticks are the set dates. */
export function initialChangelogValues(item?: ChangelogItem): ChangelogFormValues {
  if (!item) return { type: '', environments: ['development'], description: '', screenshot: undefined };
  return {
    type: item.type,
    environments: ENVIRONMENTS.filter((environment) => environmentDate(item, environment) !== null),
    description: item.description,
    screenshot: undefined,
  };
}

/** The multipart fields of POST /admin/changelog-items: every environment as 1 or 0. */
export function changelogBody(values: ChangelogFormValues): Record<string, FormValue> {
  return {
    type: values.type,
    description: values.description,
    environments: Object.fromEntries(ENVIRONMENTS.map((env) => [env, values.environments.includes(env)])),
    screenshot: values.screenshot,
  };
}

/** The form checked as what it sends: its body (`changelogBody`) against the contract's save schema. */
export const changelogFormSchema = z
  .custom<ChangelogFormValues>()
  .transform(changelogBody)
  .pipe(changelogItemSaveSchema);

/**
 * A 422's messages per form field: `environments.test` and `environments` go to the environments,
 * joined by commas (administration.md §5); the others take their first message.
 */
export function changelogFieldErrors(
  errors: Record<string, string[]>,
): Partial<Record<ChangelogFormField | 'root', string>> {
  const out: Partial<Record<ChangelogFormField | 'root', string>> = {};
  const environmentMessages: string[] = [];
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const field = key.split(/[.[]/)[0] ?? key;
    if (field === 'environments') environmentMessages.push(...messages);
    else if ((CHANGELOG_FORM_FIELDS as readonly string[]).includes(field) && messages[0]) {
      out[field as ChangelogFormField] ??= messages[0];
    } else other.push(...messages);
  }
  if (environmentMessages.length > 0) out.environments = [...new Set(environmentMessages)].join(', ');
  if (other.length > 0) out.root = other.join(', ');
  return out;
}

/** A YYYY-MM-DD date in short day-month-year form (23-11-26), without a time-zone shift. */
export function shortDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  return `${day}-${month}-${year?.slice(2)}`;
}
