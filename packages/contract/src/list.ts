import { z } from 'zod';

export const ROWS_PER_PAGE_OPTIONS = [5, 10, 15, 20, 25] as const;
export const MAX_PER_PAGE = 100;

export const paginationLinkSchema = z.object({
  url: z.string().nullable(),
  label: z.string(),
  active: z.boolean(),
});

export const paginationMetaSchema = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  last_page: z.number().int(),
  to: z.number().int().nullable(),
  total: z.number().int(),
  /** Set when `total` is an estimate (a broad search's first answer); its exact count follows. */
  total_estimated: z.literal(true).optional(),
  per_page: z.number().int(),
  path: z.string(),
  links: z.array(paginationLinkSchema),
});

export const paginationLinksSchema = z.object({
  first: z.string(),
  last: z.string(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
});

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    meta: paginationMetaSchema,
    links: paginationLinksSchema,
  });
}

export const countResponseSchema = z.object({ data: z.object({ count: z.number().int() }) });

export type PaginationMeta = z.infer<typeof paginationMetaSchema>;
export type PaginationLinks = z.infer<typeof paginationLinksSchema>;
export interface Paginated<T> {
  data: T[];
  meta: PaginationMeta;
  links: PaginationLinks;
}

/** The shared list query (shell.md §7): everything a list call accepts besides its own filters. */
export interface ListQuery {
  per_page?: number;
  page?: number;
  sort?: string;
  filter?: Record<string, string>;
  included_fields?: string[];
  excluded_fields?: string[];
  count?: boolean;
  trashed?: boolean;
}

/** Serialises a list query the way the server reads it (`filter[x]=`, comma-joined fields). */
export function toListSearchParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.per_page !== undefined) params.set('per_page', String(query.per_page));
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.sort) params.set('sort', query.sort);
  for (const [key, value] of Object.entries(query.filter ?? {})) {
    if (value !== '') params.set(`filter[${key}]`, value);
  }
  if (query.included_fields?.length) params.set('included_fields', query.included_fields.join(','));
  if (query.excluded_fields?.length) params.set('excluded_fields', query.excluded_fields.join(','));
  if (query.count) params.set('count', '1');
  if (query.trashed) params.set('trashed', '1');
  return params;
}
