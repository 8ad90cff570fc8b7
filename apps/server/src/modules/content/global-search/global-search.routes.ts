import {
  globalSearchEndpoints,
  hasPermission,
  type PlatformKey,
  SEARCH_CATEGORIES,
  SEARCH_CATEGORY_RULES,
  SEARCH_EMPTY_MESSAGE,
  SEARCH_TERM_MAX_LENGTH,
  type SearchCategory,
  type SearchResult,
} from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { queryRows } from '#core/db/database.ts';
import { ValidationError } from '#core/http/http-error.ts';
import { own } from '#core/http/own-key.ts';
import { defineRoute, type MemberActor } from '#core/http/route.ts';
import { SearchResultsMemory } from './global-search.memory.ts';
import { globalSearchQuery, SEARCH_TABLES, statementGroups } from './global-search.query.ts';

type Query = Record<string, string | string[] | undefined>;

function single(query: Query, key: string): string | undefined {
  const value = own(query, key);
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function parseTerm(query: Query): string {
  const term = (single(query, 'search') ?? '').trim();
  if (term === '') throw new ValidationError({ search: [SEARCH_EMPTY_MESSAGE] });
  if (term.length > SEARCH_TERM_MAX_LENGTH) {
    throw new ValidationError({ search: [`The search term may be at most ${SEARCH_TERM_MAX_LENGTH} characters.`] });
  }
  return term;
}

function parseCategories(query: Query): SearchCategory[] {
  const text = single(query, 'categories');
  if (text === undefined || text.trim() === '') return [...SEARCH_CATEGORIES];
  const asked = text.split(',').map((part) => part.trim());
  const unknown = asked.filter((name) => !(SEARCH_CATEGORIES as readonly string[]).includes(name));
  if (unknown.length) {
    throw new ValidationError({
      categories: [`Unknown categories: ${unknown.join(', ')}. Use: ${SEARCH_CATEGORIES.join(', ')}.`],
    });
  }
  return SEARCH_CATEGORIES.filter((name) => asked.includes(name));
}

/** The categories this member may see: permission, and hatch-only ones only on hatch with its licence. */
function visibleCategories(
  actor: MemberActor,
  platform: PlatformKey | null,
  asked: SearchCategory[],
): SearchCategory[] {
  const subject = { admin: actor.admin, abilities: actor.membership?.abilities ?? [] };
  const onHatch = (platform ?? 'hatch') === 'hatch';
  const hatchLicence = actor.admin || (actor.membership?.licences.includes('hatch') ?? false);
  return asked.filter((category) => {
    const rule = SEARCH_CATEGORY_RULES[category];
    if (rule.hatchOnly && !(onHatch && hatchLicence)) return false;
    return hasPermission(subject, rule.permission);
  });
}

export function globalSearchRoutes(services: CoreServices) {
  const memory = new SearchResultsMemory(services.changes);
  services.responseCache.onWrite((companyId, accountId) => memory.wrote(companyId, accountId));
  return [
    defineRoute(globalSearchEndpoints.search, {
      access: 'member',
      ownQueryParsing: true,
      cache: { tables: SEARCH_TABLES },
      async handler({ actor, companyId, platform, request }) {
        const query = request.query as Query;
        const term = parseTerm(query);
        const categories = visibleCategories(actor, platform, parseCategories(query));
        if (!categories.length) return { data: {} };
        const scope = { companyId, accountId: actor.accountId };
        const data = await memory.results(companyId, actor.accountId, term, categories, async (missing) => {
          const parts = await Promise.all(
            statementGroups(missing).map((group) =>
              services.database.tenant(scope, (tx) =>
                queryRows<Record<SearchCategory, SearchResult[]>>(tx, globalSearchQuery(group, companyId, term)),
              ),
            ),
          );
          const found: Partial<Record<SearchCategory, SearchResult[]>> = {};
          for (const [row] of parts) Object.assign(found, row);
          return found;
        });
        return { data };
      },
    }),
  ];
}
