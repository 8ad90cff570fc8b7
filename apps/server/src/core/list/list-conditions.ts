import { and, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { SearchParts } from './list-estimate.ts';
import type { ParsedListQuery } from './list-query.ts';
import type { ListContext, ListResource } from './list-resource.ts';
import { keptTotalQuestion } from './list-totals.ts';

/** A list's WHERE: the route's extra condition, the resource's own, the bin and every filter. */
export function listConditions(
  resource: ListResource,
  query: ParsedListQuery,
  context: ListContext,
  extra?: SQL,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [extra, resource.baseWhere?.(context)];
  if (resource.deletedAt) conditions.push(query.trashed ? isNotNull(resource.deletedAt) : isNull(resource.deletedAt));
  for (const { name, value } of query.filters) conditions.push(resource.filters[name]?.where(value));
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** The list's scattered filters (searches) apart from the rest, or null without any (decision 0029). */
export function searchParts(
  resource: ListResource,
  query: ParsedListQuery,
  context: ListContext,
  extra?: SQL,
): SearchParts | null {
  const isScattered = (name: string) => resource.filters[name]?.scattered === true;
  const hits = query.filters.filter(({ name }) => isScattered(name));
  if (!hits.length) return null;
  const rest = { ...query, filters: query.filters.filter(({ name }) => !isScattered(name)) };
  return {
    base: listConditions(resource, rest, context, extra),
    hit:
      and(
        ...hits.map(({ name, value }) => {
          const filter = resource.filters[name];
          return (filter?.test ?? filter?.where)?.(value);
        }),
      ) ?? sql`true`,
    kept: keptTotalQuestion(resource, rest, extra),
  };
}
