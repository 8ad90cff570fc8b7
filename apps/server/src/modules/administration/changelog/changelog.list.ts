import {
  ADMIN_DEFAULT_SORTS,
  CHANGELOG_TYPES,
  DEFAULT_PER_PAGE,
  ENVIRONMENTS,
  type Environment,
} from '@meshport/contract';
import { type Column, sql } from 'drizzle-orm';
import { z } from 'zod';
import { enumFilter, searchFilter } from '#core/list/common-filters.ts';
import { defineFilter, type ListResource } from '#core/list/list-resource.ts';
import { changelogItems } from './changelog.table.ts';

const DATE_COLUMNS: Record<Environment, Column> = {
  development: changelogItems.dateOnDevelopment,
  test: changelogItems.dateOnTest,
  acceptance: changelogItems.dateOnAcceptance,
  production: changelogItems.dateOnProduction,
};

const environmentSchema = z.enum(ENVIRONMENTS, { error: () => `Must be one of: ${ENVIRONMENTS.join(', ')}.` });

/**
 * Changelog items (platform-wide). The admin list and every member's Updates panel read it;
 * `filter[environment]` keeps the items released there, `filter[missing_environment]` the
 * ones not yet (what Sync would date).
 */
export const changelogList: ListResource = {
  name: 'changelog_items',
  table: changelogItems,
  reads: [],
  scope: 'system',
  idColumn: changelogItems.id,
  fields: {
    id: { select: changelogItems.id, sortable: true },
    type: { select: changelogItems.type, sortable: true },
    description: { select: changelogItems.description, sortable: true },
    screenshot: { select: sql<boolean>`(${changelogItems.screenshotPath} is not null)` },
    screenshot_url: {
      select: sql<
        string | null
      >`(case when ${changelogItems.screenshotPath} is null then null else '/v2/changelog-items/' || ${changelogItems.id} || '/screenshot' end)`,
    },
    date_on_development: { select: changelogItems.dateOnDevelopment, sortable: true },
    date_on_test: { select: changelogItems.dateOnTest, sortable: true },
    date_on_acceptance: { select: changelogItems.dateOnAcceptance, sortable: true },
    date_on_production: { select: changelogItems.dateOnProduction, sortable: true },
    created_at: { select: changelogItems.createdAt, sortable: true },
    updated_at: { select: changelogItems.updatedAt, sortable: true },
  },
  filters: {
    search: searchFilter([changelogItems.description]),
    type: enumFilter(changelogItems.type, CHANGELOG_TYPES),
    environment: defineFilter({
      schema: environmentSchema,
      where: (environment: Environment) => sql`${DATE_COLUMNS[environment]} is not null`,
    }),
    missing_environment: defineFilter({
      schema: environmentSchema,
      where: (environment: Environment) => sql`${DATE_COLUMNS[environment]} is null`,
    }),
  },
  defaultSort: ADMIN_DEFAULT_SORTS.changelog,
  defaultPerPage: DEFAULT_PER_PAGE,
};
