import type { PlatformKey } from '@meshport/contract';
import type { Column, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#core/db/database.ts';

/** A table joined to the list's own (for fields, filters and sorts on related rows). */
export interface ListJoin {
  table: PgTable;
  on: SQL;
  /** 'inner' (default) drops rows without a match; 'left' keeps them. */
  kind?: 'inner' | 'left';
}

import type { z } from 'zod';

/** One field a list can return; `sortable` fields may appear in `sort`. */
export interface ListField {
  /** A column, or SQL computed by the database for each row. */
  select: Column | SQL.Aliased | SQL;
  sortable?: boolean;
  /**
   * Left out unless named in `included_fields` (heavy fields). 'list': left out of lists
   * only; a single-record read returns it by default (breadcrumbs, for example).
   */
  optIn?: boolean | 'list';
  /** Returned by default with `trashed=1` (recycle-bin columns such as `days_left_to_restore`). */
  trashed?: boolean;
}

/** A filter: `filter[name]=value`, validated by `schema`, turned into a WHERE condition. */
export interface ListFilter<T = unknown> {
  schema: z.ZodType<T>;
  where: (value: T) => SQL | undefined;
  /**
   * Its matches are scattered over every order (a text search through its own index): the
   * engine counts them first and, when they are few, sorts them instead of walking the sort's
   * index until a page of them turns up (list-sql.ts, matchIds).
   */
  scattered?: boolean;
  /**
   * The same condition, cheaper on a row at hand but of no use to an index: what walks along a
   * sort's index and samples test each row with (decision 0046).
   */
  test?: (value: T) => SQL | undefined;
}

export function defineFilter<T>(filter: ListFilter<T>): ListFilter<unknown> {
  return filter as ListFilter<unknown>;
}

/**
 * Everything that varies between lists, declared once per resource (fields, filters, sorts, defaults); the list
 * engine does the rest.
 */
export interface ListResource {
  /** The name clients may prefix fields with (`roles.title`). */
  name: string;
  table: PgTable;
  /** Joined in every query of the list, count included. */
  joins?: ListJoin[];
  /** 'tenant': rows of the request's company under row-level security; 'system': cross-tenant. */
  scope: 'tenant' | 'system';
  fields: Record<string, ListField>;
  /** Unique, used to make every order total. */
  idColumn: Column;
  filters: Record<string, ListFilter<unknown>>;
  defaultSort: string;
  defaultPerPage: number;
  /** With a soft-delete column, `trashed=1` lists the recycle bin. */
  deletedAt?: Column;
  /** Always applied (for example: a user's own rows). */
  baseWhere?: (context: ListContext) => SQL | undefined;
  /** Ordering put before the requested sort (for example: favourites first on one platform). */
  leadingOrder?: (context: ListContext) => SQL | undefined;
  /** Extra answer data beside `data`/`meta`/`links`, read in the list's transaction. */
  metaData?: (db: Db, context: ListContext) => Promise<Record<string, unknown>>;
  /**
   * The tables its fields, filters, orders and meta data read besides `table` and `joins`
   * (subqueries). Its cached answers then stay valid while other tables of the company change
   * (docs/decisions/0021; the tests check every statement against them). Without it, any
   * change of the company drops them.
   */
  reads?: readonly (PgTable | string)[];
  /**
   * Its table's totals by status and bin are kept on write (migration 0018): a page filtered by
   * `statusFilter` only, or not at all, takes its total from them instead of counting.
   */
  keptTotals?: { statusFilter: string };
}

/** The tables a list's answers are built from, or null when the resource does not declare its reads. */
export function listResourceTables(resource: ListResource): (PgTable | string)[] | null {
  if (!resource.reads) return null;
  return [
    resource.table,
    ...(resource.joins ?? []).map((join) => join.table),
    ...resource.reads,
    ...(resource.keptTotals ? ['list_totals'] : []),
  ];
}

export interface ListContext {
  companyId: number | null;
  accountId: number | null;
  /** The platform of the request's host. */
  platform: PlatformKey | null;
}
