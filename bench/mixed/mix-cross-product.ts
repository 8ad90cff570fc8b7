import {
  API_PREFIX,
  type Endpoint,
  type ListDeclaration,
  type ListQuery,
  toListSearchParams,
} from '@meshport/contract';
import type { z } from 'zod';

type Row = Record<string, unknown>;

export interface ListSample {
  rows: Row[];
  total: number;
}

/**
 * Where an id filter takes its values from: the list of the records it names. A filter that is
 * neither text, a choice, a flag nor one of these is reported, not guessed.
 */
const ID_FILTER_SOURCES: Readonly<Record<string, string>> = {
  library: '/libraries',
  parent_id: '', // the list itself
  category: '/materials/categories',
  label: '/labels',
  project: '/projects',
  role_id: '/roles',
  group_id: '/groups',
  company_id: '/admin/companies',
  user_id: '/admin/users',
  parent_name: '/materials',
};

const typeOf = (schema: z.ZodType): string => (schema as unknown as { def: { type: string } }).def.type;

/** The values a filter is tried with: its choices, flags, or ids of its source list (real rows). */
export function filterValues(
  name: string,
  schema: z.ZodType,
  listPath: string,
  samples: Map<string, ListSample>,
): string[] | null {
  const described = schema.description?.match(/^One or more of (.+), comma-separated$/);
  if (described?.[1] && !described[1].includes(' to ')) {
    const choices = described[1].split(', ');
    return [...choices, choices.slice(0, 2).join(',')];
  }
  if (described?.[1]?.includes(' to ')) return ['1', '5', '4,5'];
  if (typeOf(schema) === 'enum') return [...(schema as unknown as { options: string[] }).options];
  const source = ID_FILTER_SOURCES[name];
  if (source === undefined) return null;
  const rows = samples.get(source || listPath)?.rows ?? [];
  const key = name === 'parent_name' ? 'name' : 'id';
  const values = rows.slice(0, 6).map((row) => String(row[key]));
  if (name === 'label')
    values.push(
      rows
        .slice(0, 3)
        .map((row) => String(row.id))
        .join(','),
    );
  if (schema.safeParse('null').success) values.push('null');
  return values.filter((value) => value && value !== 'undefined');
}

/**
 * Search terms as people type them, taken from the names this session sees (never picked by
 * hand): the most frequent words (a material, a kind of piece: many thousand matches at the
 * large tenant), words seen once (rare), two-word phrases, a product code, one letter (matches
 * nearly everything) and a word of no name (matches nothing).
 */
export function searchTerms(samples: Map<string, ListSample>): string[] {
  const counts = new Map<string, number>();
  const phrases: string[] = [];
  const codes: string[] = [];
  for (const path of ['/libraries/items', '/materials', '/projects', '/libraries']) {
    for (const row of samples.get(path)?.rows ?? []) {
      const parts = String(row.name ?? '')
        .split(/\s+/)
        .filter(Boolean);
      for (const part of parts) {
        if (/\d/.test(part)) {
          if (part.length >= 5) codes.push(part);
          continue;
        }
        if (part.length < 3) continue;
        const word = part.toLowerCase();
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
      const words = parts.filter((part) => !/\d/.test(part));
      if (words.length >= 2) phrases.push(`${words[0]} ${words[1]}`.toLowerCase());
      if (words.length >= 3) phrases.push(`${words[1]} ${words[2]}`.toLowerCase());
    }
  }
  const byCount = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const frequent = byCount.slice(0, 6).map(([word]) => word);
  const rare = byCount
    .filter(([, n]) => n === 1)
    .map(([word]) => word)
    .filter((_, i, all) => i % Math.max(1, Math.floor(all.length / 3)) === 0)
    .slice(0, 3);
  const everyOther = (list: string[], n: number) =>
    [...new Set(list)].filter((_, i, all) => i % Math.max(1, Math.floor(all.length / n)) === 0).slice(0, n);
  return [...new Set([...frequent, ...rare, ...everyOther(phrases, 3), ...everyOther(codes, 1), 'a', 'qzxv'])];
}

/**
 * `k` distinct numbers below `size`, drawn uniformly by a seeded generator (two runs with the
 * same seed draw the same), in the order drawn; all of them when `k` ≥ `size`.
 */
export function seededDraw(size: number, k: number, seed: number): number[] {
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
  if (k >= size) return Array.from({ length: size }, (_, i) => i);
  const drawn = new Set<number>();
  while (drawn.size < k) drawn.add(Math.floor(random() * size));
  return [...drawn];
}

function listUrl(endpoint: Endpoint, query: ListQuery, extra: Record<string, string>): string {
  const params = toListSearchParams(query);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return `${API_PREFIX}${endpoint.path}${text ? `?${text}` : ''}`;
}

/** A call's distinct requests, numbered: `size` of them, the `i`-th built on demand. */
export interface Product {
  size: number;
  at(i: number): string;
}

export const productOf = (urls: string[]): Product => ({ size: urls.length, at: (i) => urls[i] as string });

const distinct = <T>(values: T[]): T[] => [...new Map(values.map((value) => [JSON.stringify(value), value])).values()];

/**
 * Every request a list's declaration allows, as a cross product: no sort or each declared sort
 * both ways × no search or each term × no other filter or each of its values × live rows or the
 * bin × each extra parameter or none × pages from the first to the last (per_page 25: 1, 2, 3,
 * 41 (the first read from an anchor), the middle, the last; per_page 50: the last). Each
 * dimension's values are distinct and set parameters of their own, so its requests are too
 * (hundreds of thousands for the items list: numbered, not listed). Deep page numbers are of
 * the unfiltered list: under a search they may lie past its end, which answers an empty page,
 * as it does for a person who asks there.
 */
export function listCrossProduct(
  endpoint: Endpoint,
  list: ListDeclaration,
  sample: ListSample,
  samples: Map<string, ListSample>,
  terms: string[],
): { product: Product; unsupported: string[] } {
  const unsupported: string[] = [];
  const sorts = distinct<string | undefined>([undefined, ...list.sorts.flatMap((sort) => [sort, `-${sort}`])]);
  const searches = distinct<string | undefined>('search' in list.filters ? [undefined, ...terms] : [undefined]);
  const filterList: (Record<string, string> | undefined)[] = [undefined];
  for (const [name, schema] of Object.entries(list.filters)) {
    if (name === 'search') continue;
    const values = filterValues(name, schema, endpoint.path, samples);
    if (!values) unsupported.push(`filter[${name}]`);
    else filterList.push(...values.map((value) => ({ [name]: value })));
  }
  const filters = distinct(filterList);
  const bins = list.trashed ? [false, true] : [false];
  const extras: Record<string, string>[] = [{}, ...Object.keys(list.extraQuery).map((key) => ({ [key]: '1' }))];
  const last = (perPage: number) => Math.max(1, Math.ceil(sample.total / perPage));
  const pages = distinct<{ per_page?: number; page?: number }>([
    {},
    ...[1, 2, 3, 41, Math.ceil(last(25) / 2), last(25)].map((page) => ({ per_page: 25, page })),
    { per_page: 50, page: last(50) },
  ]);
  const dimensions = [sorts.length, searches.length, filters.length, bins.length, extras.length, pages.length];
  const at = (index: number): string => {
    const digits: number[] = [];
    let rest = index;
    for (const size of dimensions) {
      digits.push(rest % size);
      rest = Math.floor(rest / size);
    }
    const [sort, search, filter, trashed, extra, page] = [
      sorts[digits[0] as number],
      searches[digits[1] as number],
      filters[digits[2] as number],
      bins[digits[3] as number],
      extras[digits[4] as number] ?? {},
      pages[digits[5] as number],
    ];
    const filterQuery = { ...(search ? { search } : {}), ...filter };
    const query: ListQuery = {
      ...page,
      ...(sort ? { sort } : {}),
      ...(Object.keys(filterQuery).length ? { filter: filterQuery } : {}),
      ...(trashed ? { trashed: true } : {}),
    };
    return listUrl(endpoint, query, extra);
  };
  return { product: { size: dimensions.reduce((a, b) => a * b, 1), at }, unsupported };
}
