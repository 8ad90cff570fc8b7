import {
  API_PREFIX,
  type Endpoint,
  endpointPath,
  type ListDeclaration,
  type ListQuery,
  toListSearchParams,
} from '@meshport/contract';
import type { z } from 'zod';
import { httpCall } from '../list-api/bench-setup.ts';
import { pathParams, type ReadCall, sourceListPath } from './endpoint-catalog.ts';
import { type Session, sessionHeaders } from './mix-sessions.ts';

/** One distinct request of the mix. */
export interface MixRequest {
  call: string;
  session: Session;
  method: string;
  /** Path and query, under /v2. */
  url: string;
  body?: string;
  write: boolean;
  /**
   * How often it comes up relative to the rest: a screen's opening view is asked for far more
   * often than its tenth sort or a deep page (see LIST_TRAFFIC).
   */
  weight: number;
  /** Reads: the time of the request alone, uncached, when the mix was discovered. */
  singleMs?: number;
}

type Row = Record<string, unknown>;

/**
 * How a session's traffic to one list call splits (each call of a session gets the same share):
 * most of it is the screen's opening view, then its pages under the default order, and the
 * rest spreads over the whole vocabulary (every sort both ways, filters, searches, deep pages,
 * the bin), so every distinct request is in the mix. Record reads and calls without
 * parameters share their call's traffic evenly.
 */
export const LIST_TRAFFIC = { opening: 0.5, pages: 0.2, rest: 0.3 } as const;
/** Weight units of one call of one session. */
const CALL_UNITS = 100;

type RequestKind = keyof typeof LIST_TRAFFIC | 'even';
/** The first rows of each list a session can read, by list path. */
export type SampledRows = Map<string, Row[]>;

interface ListSample {
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

/** What one session can read, learnt by asking (its abilities decide), and the mix built from it. */
export interface SessionReads {
  requests: MixRequest[];
  rows: SampledRows;
  /** Calls this session may not make (403) or that answer nothing to read, with the reason. */
  leftOut: { call: string; reason: string }[];
}

async function getJson(base: string, session: Session, url: string): Promise<{ status: number; body: unknown }> {
  const answer = await httpCall(`${base}${url}`, {
    headers: { ...sessionHeaders(session), 'accept-encoding': 'identity', 'cache-control': 'no-cache' },
  });
  let body: unknown = null;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = null;
  }
  return { status: answer.status, body };
}

const typeOf = (schema: z.ZodType): string => (schema as unknown as { def: { type: string } }).def.type;

/** The values a filter is tried with: its choices, flags, search terms or ids of its source list. */
function filterValues(
  name: string,
  schema: z.ZodType,
  listPath: string,
  samples: Map<string, ListSample>,
  terms: string[],
): string[] | null {
  if (name === 'search') return terms;
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

function listUrl(endpoint: Endpoint, query: ListQuery, extra: Record<string, string> = {}): string {
  const params = toListSearchParams(query);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return `${API_PREFIX}${endpoint.path}${text ? `?${text}` : ''}`;
}

/** Pages, sorts, filters and searches of one list, as its screens and API clients ask for them. */
function listVariants(
  endpoint: Endpoint,
  list: ListDeclaration,
  sample: ListSample,
  samples: Map<string, ListSample>,
  terms: string[],
): { urls: Map<string, RequestKind>; unsupported: string[] } {
  const urls = new Map<string, RequestKind>();
  const unsupported: string[] = [];
  const add = (query: ListQuery, extra?: Record<string, string>, kind: RequestKind = 'rest') => {
    const url = listUrl(endpoint, query, extra);
    if (!urls.has(url)) urls.set(url, kind);
  };
  add({}, {}, 'opening');
  for (const perPage of [10, 25, 50]) {
    const pages = Math.max(1, Math.ceil(sample.total / perPage));
    for (const page of new Set([1, 2, 3, Math.ceil(pages / 2), pages].filter((p) => p <= pages))) {
      add({ per_page: perPage, page }, {}, page <= 3 ? 'pages' : 'rest');
    }
  }
  for (const sort of list.sorts) {
    for (const direction of ['', '-']) {
      add({ per_page: 25, sort: `${direction}${sort}` });
      if (sample.total > 25) add({ per_page: 25, page: 2, sort: `${direction}${sort}` });
    }
  }
  for (const [name, schema] of Object.entries(list.filters)) {
    const values = filterValues(name, schema, endpoint.path, samples, terms);
    if (!values) {
      unsupported.push(`filter[${name}]`);
      continue;
    }
    for (const [index, value] of values.entries()) {
      add({ filter: { [name]: value } });
      const sort = list.sorts[index % Math.max(1, list.sorts.length)];
      if (sort) add({ per_page: 25, sort: `-${sort}`, filter: { [name]: value } });
    }
  }
  if (list.trashed) {
    add({ trashed: true });
    add({ trashed: true, sort: '-deleted_at' });
  }
  for (const key of Object.keys(list.extraQuery)) add({}, { [key]: '1' });
  return { urls, unsupported };
}

/** Words of the names a person sees, as they would type them into a search box. */
export function searchTerms(samples: Map<string, ListSample>): string[] {
  const words = new Set<string>();
  for (const path of ['/libraries/items', '/materials', '/projects', '/libraries']) {
    for (const row of samples.get(path)?.rows.slice(0, 12) ?? []) {
      const parts = String(row.name ?? '')
        .split(/\s+/)
        .filter((part) => part.length >= 3);
      if (parts[0]) words.add(parts[0].toLowerCase());
      if (parts.length >= 2) words.add(`${parts[0]} ${parts[1]}`.toLowerCase());
      const code = parts.find((part) => /\d{3,}/.test(part));
      if (code) words.add(code);
    }
  }
  return [...words].slice(0, 12).concat(['oak', 'a']);
}

/** Each request's weight: its call's units split by LIST_TRAFFIC over its kinds, at least 1. */
function weighted(
  kinds: Map<string, { call: string; kind: RequestKind }>,
): Map<string, { call: string; weight: number }> {
  const groups = new Map<string, number>();
  for (const { call, kind } of kinds.values()) groups.set(`${call} ${kind}`, (groups.get(`${call} ${kind}`) ?? 0) + 1);
  const out = new Map<string, { call: string; weight: number }>();
  for (const [url, { call, kind }] of kinds) {
    const share = kind === 'even' ? 1 : LIST_TRAFFIC[kind];
    out.set(url, {
      call,
      weight: Math.max(1, Math.round((CALL_UNITS * share) / (groups.get(`${call} ${kind}`) ?? 1))),
    });
  }
  return out;
}

/** Discovers what `session` can read and builds its distinct read requests from the contract. */
export async function sessionReads(base: string, session: Session, calls: ReadCall[]): Promise<SessionReads> {
  const leftOut: SessionReads['leftOut'] = [];
  const samples = new Map<string, ListSample>();
  const lists = calls.filter((call) => call.endpoint.list);
  for (const call of lists) {
    const answer = await getJson(base, session, `${API_PREFIX}${call.endpoint.path}?per_page=50`);
    if (answer.status !== 200) {
      leftOut.push({ call: call.name, reason: String(answer.status) });
      continue;
    }
    const body = answer.body as { data: Row[]; meta?: { total?: number } };
    samples.set(call.endpoint.path, { rows: body.data, total: body.meta?.total ?? body.data.length });
  }
  const terms = searchTerms(samples);
  const kinds = new Map<string, { call: string; kind: RequestKind }>();
  for (const call of lists) {
    const sample = samples.get(call.endpoint.path);
    if (!sample || !call.endpoint.list) continue;
    const variants = listVariants(call.endpoint, call.endpoint.list, sample, samples, terms);
    for (const [url, kind] of variants.urls) kinds.set(url, { call: call.name, kind });
    for (const filter of variants.unsupported) leftOut.push({ call: call.name, reason: `${filter}: no value source` });
  }
  for (const call of calls.filter((c) => !c.endpoint.list)) {
    for (const url of recordUrls(call, session, samples, terms, leftOut))
      kinds.set(url, { call: call.name, kind: 'even' });
  }
  const urls = weighted(kinds);
  // Keep what this session is answered 200 for (a 403 or 404 is not a read a person repeats),
  // timing each one alone and uncached: the single-request figure of every call.
  const requests: MixRequest[] = [];
  for (const [url, { call, weight }] of urls) {
    const started = performance.now();
    const answer = await httpCall(`${base}${url}`, {
      headers: { ...sessionHeaders(session), 'cache-control': 'no-cache' },
    });
    // A file's time is the call's until its first byte: the rest is its size over the line
    // (a 3.5 MB model takes longer to cross any network than the budget of a call).
    const singleMs = isFile(answer.headers) ? answer.headersMs : performance.now() - started;
    if (answer.status === 200) requests.push({ call, session, method: 'GET', url, write: false, weight, singleMs });
    else if (!leftOut.some((entry) => entry.call === call)) leftOut.push({ call, reason: `${answer.status} ${url}` });
    await countedBehind(`${base}${url}`, session, answer.text);
  }
  const rows: SampledRows = new Map([...samples].map(([path, sample]) => [path, sample.rows]));
  return { requests, rows, leftOut };
}

/** An answer sent as a file to save (a model's original or web-ready file, a download). */
function isFile(headers: Record<string, string | string[] | undefined>): boolean {
  return String(headers['content-disposition'] ?? '').startsWith('attachment');
}

/**
 * A broad search answers an estimated total while the server counts it exactly behind the
 * answer (decision 0029). Timing the next request alone waits for that count to end, so that
 * it is not measured beside it.
 */
async function countedBehind(url: string, session: Session, text: string): Promise<void> {
  const estimated = (body: string) => body.includes('"total_estimated":true');
  if (!estimated(text)) return;
  for (let waited = 0; waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await httpCall(url, { headers: { ...sessionHeaders(session), 'cache-control': 'no-cache' } });
    if (again.status !== 200 || !estimated(again.text)) return;
  }
}

function recordUrls(
  call: ReadCall,
  session: Session,
  samples: Map<string, ListSample>,
  terms: string[],
  leftOut: SessionReads['leftOut'],
): string[] {
  const { endpoint } = call;
  const params = pathParams(endpoint.path);
  const querySchema = endpoint.query as z.ZodObject | undefined;
  const takesSearch = querySchema && typeOf(querySchema) === 'object' && 'search' in querySchema.shape;
  if (!params.length) {
    const path = `${API_PREFIX}${endpoint.path}`;
    return takesSearch ? terms.map((term) => `${path}?search=${encodeURIComponent(term)}`) : [path];
  }
  if (params.length === 1 && params[0] === 'subdomain')
    return [`${API_PREFIX}${endpointPath(endpoint.path, { subdomain: session.tenant })}`];
  const source = sourceListPath(endpoint.path);
  const rows = source ? samples.get(source)?.rows : undefined;
  if (!rows || params.length !== 1) {
    if (!rows) leftOut.push({ call: call.name, reason: `no readable list at ${source}` });
    else leftOut.push({ call: call.name, reason: `path parameters ${params.join(', ')}: no value source` });
    return [];
  }
  const param = params[0] as string;
  return rows.slice(0, 8).map((row) => `${API_PREFIX}${endpointPath(endpoint.path, { [param]: row[param] })}`);
}
