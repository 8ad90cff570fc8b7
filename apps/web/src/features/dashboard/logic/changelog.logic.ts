import { type ChangelogItem, CURRENT_ENVIRONMENT, ENVIRONMENTS, type Environment } from '@meshport/contract';
import { formatDate } from '@/lib/i18n/format.ts';

/** The environment the server names (GET /config), or the fixed one when it names none we know. */
export function asEnvironment(value: string | null | undefined): Environment {
  return (ENVIRONMENTS as readonly string[]).includes(value ?? '') ? (value as Environment) : CURRENT_ENVIRONMENT;
}

/** The date an item was released in `environment` (YYYY-MM-DD), or null. */
export function releaseDate(item: ChangelogItem, environment: Environment): string | null {
  const value = item[`date_on_${environment}`];
  return value ? value.slice(0, 10) : null;
}

export interface ChangelogDay {
  /** YYYY-MM-DD */
  date: string;
  items: ChangelogItem[];
}

/**
 * administration.md Updates panel: only entries whose date for the current environment is set,
 * grouped by that date, newest date first; within a day the newest entry first.
 */
export function groupChangelogByDate(items: readonly ChangelogItem[], environment: Environment): ChangelogDay[] {
  const days = new Map<string, ChangelogItem[]>();
  for (const item of items) {
    const date = releaseDate(item, environment);
    if (!date) continue;
    const day = days.get(date);
    if (day) day.push(item);
    else days.set(date, [item]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([date, dayItems]) => ({ date, items: dayItems.sort((a, b) => b.id - a.id) }));
}

/** A YYYY-MM-DD date as a long local date, without shifting it through a time zone. */
export function formatDay(date: string, lng: string | undefined): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return formatDate(Date.UTC(year, month - 1, day), {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    locale: lng,
  });
}
