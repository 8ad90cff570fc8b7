import { SEARCH_RESULTS_PER_CATEGORY, type SearchCategory } from '@meshport/contract';
import { type SQL, sql } from 'drizzle-orm';

/** `%term%` for ilike, with the term's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface CategorySource {
  /** Selects id, name, description, updated_at of matching rows; `p` is the pattern. */
  rows: (companyId: number, p: string) => SQL;
  /**
   * Read in a statement of its own, on another connection at the same time as the rest: its
   * search of a large tenant's rows takes about as long as all the other categories together.
   */
  alone?: true;
}

const LIMIT = sql.raw(String(SEARCH_RESULTS_PER_CATEGORY));

/**
 * A tenant table with a name (or title) and a secondary text column, newest first. The newest
 * matches are found by id first, then read whole: a search of a large table walks its newest
 * rows until 25 names match, and an index holding the names (library items, migration 0019)
 * answers that walk without reading the table, where asking for the description too read
 * every row walked (13,000 for "oiled oak" in a million items: 46 ms instead of 13 ms).
 */
function named(table: string, options: { title?: string; secondary?: string; live?: boolean } = {}): CategorySource {
  const t = sql.raw(table);
  const title = sql.raw(options.title ?? 'name');
  const secondary = sql.raw(options.secondary ?? 'null::text');
  const live = options.live ? sql` and deleted_at is null` : sql``;
  return {
    rows: (companyId, p) => sql`select id, ${title} as name, ${secondary} as description, updated_at from ${t}
      where company_id = ${companyId} and id in (select id from ${t}
        where company_id = ${companyId}${live} and ${title} ilike ${p}
        order by updated_at desc, id desc limit ${LIMIT})`,
  };
}

const SOURCES: Record<SearchCategory, CategorySource> = {
  projects: named('projects', { secondary: 'description', live: true }),
  models: named('project_models', { secondary: 'description', live: true }),
  libraries: named('libraries', { secondary: 'description', live: true }),
  library_items: { ...named('library_items', { secondary: 'description', live: true }), alone: true },
  materials: named('materials', { secondary: 'description', live: true }),
  material_categories: named('material_categories', { live: true }),
  users: {
    // accounts are shared; the company's memberships (row-level security) choose them.
    rows: (companyId, p) => sql`select a.id, a.name, a.email as description, a.updated_at
      from memberships m join accounts a on a.id = m.account_id
      where m.company_id = ${companyId} and (a.name ilike ${p} or a.username ilike ${p} or a.email ilike ${p})
      order by a.updated_at desc, a.id desc limit ${LIMIT}`,
  },
  roles: named('roles', { title: 'title', secondary: 'description' }),
  groups: named('groups', { secondary: 'description' }),
  labels: named('labels', { secondary: 'color' }),
  downloads: {
    // Platform-wide files: the same for every company.
    rows: (_companyId, p) => sql`select id, name, extension as description, updated_at from downloads
      where name ilike ${p} order by updated_at desc, id desc limit ${LIMIT}`,
  },
  property_maps: named('property_maps'),
};

/** What the search reads, for its cache declaration (docs/decisions/0021). */
export const SEARCH_TABLES: readonly string[] = [
  'projects',
  'project_models',
  'libraries',
  'library_items',
  'materials',
  'material_categories',
  'memberships',
  'accounts',
  'roles',
  'groups',
  'labels',
  'downloads',
  'property_maps',
];

/** One category's matching rows (id, name, description, updated_at), newest first. */
export function categoryStatement(category: SearchCategory, companyId: number, term: string): SQL {
  return SOURCES[category].rows(companyId, containsPattern(term));
}

/**
 * The categories in the statements that read them side by side: each category that stands
 * `alone` in one of its own, the others together.
 */
export function statementGroups(categories: SearchCategory[]): SearchCategory[][] {
  const together = categories.filter((category) => !SOURCES[category].alone);
  const alone = categories.filter((category) => SOURCES[category].alone).map((category) => [category]);
  return together.length ? [together, ...alone] : alone;
}

/**
 * One statement for `categories`: one json array (newest first) per column. Run inside
 * the tenant transaction, so row-level security applies on top of the company conditions.
 */
export function globalSearchQuery(categories: SearchCategory[], companyId: number, term: string): SQL {
  const columns = categories.map(
    (category) => sql`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
        'description', r.description,
        'updated_at', to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        order by r.updated_at desc, r.id desc), '[]'::json)
      from (${categoryStatement(category, companyId, term)}) r) as ${sql.identifier(category)}`,
  );
  return sql`select ${sql.join(columns, sql`, `)}`;
}
