import { API_PREFIX, endpointPath } from '@meshport/contract';
import type { z } from 'zod';
import { httpCall } from '../list-api/bench-setup.ts';
import { pathParams, type ReadCall, sourceListPath } from './endpoint-catalog.ts';
import {
  type ListSample,
  listCrossProduct,
  type Product,
  productOf,
  searchTerms,
  seededDraw,
} from './mix-cross-product.ts';
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
  /** How often it comes up relative to the rest: 1 for every generated read (a uniform mix). */
  weight: number;
  /** Reads: the time of the request alone, uncached, when the mix was generated. */
  singleMs?: number;
}

type Row = Record<string, unknown>;

/** The first rows of each list a session can read, by list path. */
export type SampledRows = Map<string, Row[]>;

/** Every request one session may make, per call: the contract's cross product for it. */
export interface SessionProduct {
  session: Session;
  products: { call: string; product: Product }[];
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

/**
 * What `session` can read (its abilities decide: a list it is refused is left out) and, per
 * call, every request the contract declares for it with values from the data it sees.
 */
export async function sessionProduct(base: string, session: Session, calls: ReadCall[]): Promise<SessionProduct> {
  const leftOut: SessionProduct['leftOut'] = [];
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
  const products: SessionProduct['products'] = [];
  for (const call of lists) {
    const sample = samples.get(call.endpoint.path);
    if (!sample || !call.endpoint.list) continue;
    const { product, unsupported } = listCrossProduct(call.endpoint, call.endpoint.list, sample, samples, terms);
    products.push({ call: call.name, product });
    for (const filter of unsupported) leftOut.push({ call: call.name, reason: `${filter}: no value source` });
  }
  for (const call of calls.filter((c) => !c.endpoint.list)) {
    const urls = recordUrls(call, session, samples, terms, leftOut);
    if (urls.length) products.push({ call: call.name, product: productOf(urls) });
  }
  const rows: SampledRows = new Map([...samples].map(([path, sample]) => [path, sample.rows]));
  return { session, products, rows, leftOut };
}

/**
 * A uniform sample of the cross product, `budget` requests in all: each call of each person
 * gets the same share (so a call with few variants is not drowned by the items list's tens of
 * thousands), and within it the requests are drawn by a seeded shuffle, never chosen.
 */
export function sampleProducts(
  products: SessionProduct[],
  budget: number,
  seed: number,
): { session: Session; call: string; url: string }[] {
  const pairs = products.flatMap(({ session, products: calls }) => calls.map((call) => ({ session, ...call })));
  const share = Math.max(1, Math.ceil(budget / Math.max(1, pairs.length)));
  return pairs.flatMap(({ session, call, product }, i) =>
    seededDraw(product.size, share, seed + i).map((n) => ({ session, call, url: product.at(n) })),
  );
}

/**
 * Each request alone and uncached (`Cache-Control: no-cache`), one after the other: its time
 * (a file's to its first byte), and whether it was answered 200. A broad search's exact count
 * runs behind its answer; the next request waits for it (`countedBehind`).
 */
export async function timeAlone(
  base: string,
  requests: { session: Session; call: string; url: string }[],
): Promise<{ timed: MixRequest[]; refused: { call: string; session: string; status: number; url: string }[] }> {
  const timed: MixRequest[] = [];
  const refused: { call: string; session: string; status: number; url: string }[] = [];
  for (const { session, call, url } of requests) {
    const started = performance.now();
    const answer = await httpCall(`${base}${url}`, {
      headers: { ...sessionHeaders(session), 'cache-control': 'no-cache' },
    });
    // A file's time is the call's until its first byte: the rest is its size over the line
    // (a 3.5 MB model takes longer to cross any network than the budget of a call).
    const singleMs = isFile(answer.headers) ? answer.headersMs : performance.now() - started;
    if (answer.status === 200) timed.push({ call, session, method: 'GET', url, write: false, weight: 1, singleMs });
    else refused.push({ call, session: session.label, status: answer.status, url });
    await countedBehind(`${base}${url}`, session, answer.text);
  }
  return { timed, refused };
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
  leftOut: SessionProduct['leftOut'],
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
  return rows.map((row) => `${API_PREFIX}${endpointPath(endpoint.path, { [param]: row[param] })}`);
}
