import { MAX_PER_PAGE, RECYCLE_BIN_DEFAULT_SORT, RECYCLE_BIN_PER_PAGE } from '@meshport/contract';
import { fieldErrors } from '#core/http/error-handler.ts';
import { ValidationError } from '#core/http/http-error.ts';
import { own } from '#core/http/own-key.ts';
import type { ListField, ListResource } from './list-resource.ts';

export interface ParsedListQuery {
  perPage: number;
  page: number;
  sort: { field: string; descending: boolean }[];
  filters: { name: string; value: unknown }[];
  fields: string[];
  count: boolean;
  trashed: boolean;
}

type RawQuery = Record<string, string | string[] | undefined>;

const FILTER_KEY = /^filter\[([a-z0-9_.]+)\]$/;
const BOOLEAN_VALUES = new Map<string, boolean>([
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
]);
/** The parameters every list takes (spec: the shared list query, shell.md §7), besides `filter[…]`. */
export const LIST_PARAMS: ReadonlySet<string> = new Set([
  'per_page',
  'page',
  'sort',
  'count',
  'trashed',
  'included_fields',
  'excluded_fields',
  '_method',
]);

/** A 1/0 query flag (also true/false); undefined when absent, 422 when anything else. */
export function flagParam(query: RawQuery, name: string): boolean | undefined {
  const value = own(query, name);
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? BOOLEAN_VALUES.get(value) : undefined;
  if (parsed === undefined) throw new ValidationError({ [name]: [`The ${name} must be 1 or 0.`] });
  return parsed;
}

function single(errors: Record<string, string[]>, key: string, value: string | string[] | undefined) {
  if (Array.isArray(value)) {
    errors[key] = [`The ${key} parameter may be given once.`];
    return undefined;
  }
  return value;
}

function fieldList(value: string | string[] | undefined): string[] {
  const parts = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return parts
    .flatMap((part) => part.split(','))
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Reads the shared list query (per_page, page, sort with `-` for descending, filter[…],
 * included_fields or excluded_fields: shell.md §7) against a resource's declaration. Every unknown
 * parameter, field, sort or filter value answers 422 with a message per parameter.
 * `extraParams` are accepted and left to the route (such as `include_sub_projects`).
 */
export function parseListQuery(raw: RawQuery, resource: ListResource, extraParams: string[] = []): ParsedListQuery {
  const errors = fieldErrors();
  const result: ParsedListQuery = {
    perPage: resource.defaultPerPage,
    page: 1,
    sort: [],
    filters: [],
    fields: [],
    count: false,
    trashed: false,
  };
  const accepts = (key: string) => LIST_PARAMS.has(key) || extraParams.includes(key);
  const param = (key: string) => own(raw, key);

  for (const [key, rawValue] of Object.entries(raw)) {
    const filterMatch = FILTER_KEY.exec(key);
    if (filterMatch) {
      const name = filterMatch[1] as string;
      const filter = own(resource.filters, name);
      const value = single(errors, key, rawValue);
      if (!filter) {
        errors[key] = [`Unknown filter "${name}". Filters: ${Object.keys(resource.filters).join(', ') || 'none'}.`];
      } else if (value !== undefined && value !== '') {
        const parsed = filter.schema.safeParse(value);
        if (parsed.success) result.filters.push({ name, value: parsed.data });
        else errors[key] = parsed.error.issues.map((issue) => issue.message);
      }
      continue;
    }
    if (!accepts(key)) errors[key] = ['Unknown parameter.'];
  }

  const perPage = single(errors, 'per_page', param('per_page'));
  if (perPage !== undefined) {
    const n = Number(perPage);
    if (!/^\d+$/.test(perPage) || n < 1 || n > MAX_PER_PAGE) {
      errors.per_page = [`The per_page must be a whole number from 1 to ${MAX_PER_PAGE}.`];
    } else result.perPage = n;
  }
  const page = single(errors, 'page', param('page'));
  if (page !== undefined) {
    const n = Number(page);
    if (!/^\d+$/.test(page) || n < 1 || n > 10_000_000) errors.page = ['The page must be a whole number of 1 or more.'];
    else result.page = n;
  }
  for (const key of ['count', 'trashed'] as const) {
    const value = single(errors, key, param(key));
    if (value === undefined) continue;
    const parsed = BOOLEAN_VALUES.get(value);
    if (parsed === undefined) errors[key] = [`The ${key} must be 1 or 0.`];
    else result[key] = parsed;
  }
  if (result.trashed && !resource.deletedAt) errors.trashed = ['This list has no recycle bin.'];
  // Spec: the recycle bin has its own page size (10) and order (-deleted_at), administration.md §9.
  if (result.trashed && perPage === undefined) result.perPage = RECYCLE_BIN_PER_PAGE;
  const trashSort =
    result.trashed && own(resource.fields, 'deleted_at')?.sortable ? RECYCLE_BIN_DEFAULT_SORT : undefined;

  const known = knownField(resource);

  const sortText = single(errors, 'sort', param('sort')) ?? trashSort ?? resource.defaultSort;
  for (const part of sortText
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const descending = part.startsWith('-');
    const field = known(descending ? part.slice(1) : part);
    if (!field || !own(resource.fields, field)?.sortable) {
      const sortable = Object.entries(resource.fields)
        .filter(([, f]) => f.sortable)
        .map(([name]) => name);
      errors.sort = [`Cannot sort by "${part}". Sortable fields: ${sortable.join(', ')}.`];
    } else result.sort.push({ field, descending });
  }

  result.fields = selectFields(raw, resource, errors, result.trashed ? 'trash' : 'list');

  if (Object.keys(errors).length) throw new ValidationError(errors);
  return result;
}

/** `roles.title` and `title` both name the field `title`; undefined when unknown. */
function knownField(resource: ListResource) {
  return (name: string) => {
    const bare = name.startsWith(`${resource.name}.`) ? name.slice(resource.name.length + 1) : name;
    return own(resource.fields, bare) ? bare : undefined;
  };
}

/** The fields to return, from `included_fields` / `excluded_fields`; errors go to `errors`. */
function selectFields(
  raw: RawQuery,
  resource: ListResource,
  errors: Record<string, string[]>,
  mode: 'list' | 'trash' | 'record',
): string[] {
  const known = knownField(resource);
  const included = fieldList(own(raw, 'included_fields'));
  const excluded = fieldList(own(raw, 'excluded_fields'));
  if (included.length && excluded.length) {
    errors.included_fields = ['Give included_fields or excluded_fields, not both.'];
  }
  const unknown = [...included, ...excluded].filter((name) => !known(name));
  if (unknown.length) {
    errors[included.length ? 'included_fields' : 'excluded_fields'] = [
      `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`,
    ];
  }
  if (included.length) {
    const chosen = included.map(known).filter((name): name is string => name !== undefined);
    // `status` and `status.finished` cannot both be answered: one would overwrite the other.
    const clash = chosen.find((name) => chosen.some((other) => other.startsWith(`${name}.`)));
    if (clash) errors.included_fields = [`Give "${clash}" or its parts, not both.`];
    return chosen;
  }
  const drop = new Set(excluded.map((name) => known(name)));
  const byDefault = (field: ListField) =>
    mode === 'record'
      ? field.optIn !== true && !field.trashed
      : mode === 'trash'
        ? !field.optIn || field.trashed === true
        : !field.optIn && !field.trashed;
  return Object.entries(resource.fields)
    .filter(([name, field]) => byDefault(field) && !drop.has(name))
    .map(([name]) => name);
}

/**
 * The query of a single-record read (`GET /roles/3`): only `included_fields` /
 * `excluded_fields`, with the same field names as the resource's list.
 */
export function parseRecordQuery(raw: RawQuery, resource: ListResource): string[] {
  const errors = fieldErrors();
  for (const key of Object.keys(raw)) {
    if (!['included_fields', 'excluded_fields', '_method'].includes(key)) errors[key] = ['Unknown parameter.'];
  }
  const fields = selectFields(raw, resource, errors, 'record');
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return fields;
}
