import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { globalSearchResponseSchema, SEARCH_CATEGORIES, SEARCH_TERM_MAX_LENGTH } from '../search.ts';

/** GET /global-search's query (the handler reads it itself, for its own messages). */
export const globalSearchQuerySchema = z.object({
  search: z.string().describe(`The search term, 1 to ${SEARCH_TERM_MAX_LENGTH} characters`),
  categories: z
    .string()
    .describe(`Some of ${SEARCH_CATEGORIES.join(', ')}, comma-separated; every category by default`)
    .optional(),
});

export const globalSearchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/global-search',
    summary: 'Search every category the user may see (25 newest matches each)',
    tags: ['search'],
    query: globalSearchQuerySchema,
    answer: globalSearchResponseSchema,
  }),
};
