import type {
  AnswerOf,
  BodyOf,
  ContentResource,
  Endpoint,
  ListCountAnswer,
  ListDeclaration,
  ParamsOf,
  PermissionExpression,
  PlatformKey,
  QueryOf,
} from '@meshport/contract';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, RequestTenant } from './request-context.ts';

/**
 * What a route requires. Every route declares one (a test checks it, a snapshot
 * lists them all):
 * - 'public': anyone, no tenant needed;
 * - 'signed-in': any signed-in account, on any host;
 * - 'member': a signed-in member (or platform admin) of the host's company, holding the
 *   platform's licence;
 * - `{ permission }`: a member holding that permission expression; `hatchOnly` refuses the
 *   customerportal host and requires the hatch licence; `trashedPermission` is needed for `trashed=1`;
 *   `hiddenWithout`: a member without this permission is answered 404, as if the record were not there;
 * - 'admin': a platform administrator, on a company host.
 */
export type RouteAccess = 'public' | 'signed-in' | 'member' | 'admin' | PermissionAccess;

export interface PermissionAccess {
  permission: PermissionExpression;
  hiddenWithout?: PermissionExpression;
  hatchOnly?: true;
  trashedPermission?: PermissionExpression;
}

export type HttpMethod = Endpoint['method'];

/** Methods that change nothing: no origin check, no cache to clear. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A signed-in member's view of the request's company, once the gate has let it through. */
export interface MemberActor extends Actor {
  /** Null only for platform admins who are not members of this company. */
  membership: Actor['membership'];
}

/** What a handler knows about who asks, by its route's access level. */
export type AccessContext<A extends RouteAccess> = A extends 'public'
  ? { actor: Actor | null; tenant: RequestTenant | null }
  : A extends 'signed-in'
    ? { actor: Actor; tenant: RequestTenant | null }
    : { actor: MemberActor; tenant: RequestTenant; companyId: number; platform: PlatformKey | null };

export type RouteContext<E extends Endpoint, A extends RouteAccess> = AccessContext<A> & {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
};

/** What a handler may return: the endpoint's answer, or for a list asked `count=1` its count. */
export type HandlerAnswer<E extends Endpoint> = E['list'] extends ListDeclaration
  ? AnswerOf<E> | ListCountAnswer
  : AnswerOf<E>;

export interface RouteOptions<E extends Endpoint, A extends RouteAccess> {
  access: A;
  /** Answered during planned maintenance too (sign-in, the public settings). */
  duringMaintenance?: true;
  /**
   * A GET that changes state (sign-out): with the session cookie it must come from a page of
   * this tenant, as writes must, so that a link on another site cannot trigger it.
   */
  changesState?: true;
  /**
   * GET answers are kept per company, user and URL (docs/decisions/0012), for reads whose
   * answer only the database determines. `{ tables }`: until one of the tables the answer
   * reads changes in the company (docs/decisions/0021; the tests check every statement the
   * handler runs against them); `true`: until anything of the company changes.
   */
  cache?: true | CacheDeclaration;
  /**
   * The query is read by the handler itself (lists: `filter[...]` keys parsed by the list
   * engine with its own messages); the endpoint's query schema then documents it only.
   */
  ownQueryParsing?: true;
  /**
   * The content resources a successful call changes: the open lists of everyone in the company
   * are told to reload them (a small `ContentChanged` event on the company's content channel).
   */
  changes?: readonly ContentResource[];
  /**
   * The handler reads the request body itself, as a stream (tus): its transactions each take a
   * pooled connection only while they run, none is kept while the bytes flow (decision 0031).
   */
  streamsBody?: true;
  /** Returns the answer; a handler that sends its own reply (a file) returns the reply. */
  handler: (context: RouteContext<E, A>) => Promise<HandlerAnswer<E> | FastifyReply>;
}

/** The tables a cached answer is built from: Drizzle tables or table names. */
export interface CacheDeclaration {
  tables: readonly (PgTable | string)[];
}

/** The table names of a declaration, sorted and each once. */
export function cacheTableNames(tables: readonly (PgTable | string)[]): string[] {
  return [...new Set(tables.map((table) => (typeof table === 'string' ? table : getTableName(table))))].sort();
}

/** A route as registered: the endpoint it serves and how. */
export interface RouteDefinition {
  endpoint: Endpoint;
  access: RouteAccess;
  duringMaintenance: boolean;
  changesState: boolean;
  cache: boolean;
  /** With `cache`: the tables its answer reads, or null for anything of the company. */
  cacheTables: readonly string[] | null;
  ownQueryParsing: boolean;
  changes: readonly ContentResource[];
  streamsBody: boolean;
  handler: (context: RouteContext<Endpoint, RouteAccess>) => Promise<unknown>;
}

/**
 * A route for one endpoint of the contract. The handler's inputs are typed by the endpoint's
 * schemas and its context by the access level; what it returns must match the answer type.
 */
export function defineRoute<E extends Endpoint, A extends RouteAccess>(
  endpoint: E,
  options: RouteOptions<E, A>,
): RouteDefinition {
  const handler = options.handler as (context: RouteContext<Endpoint, RouteAccess>) => Promise<unknown>;
  return {
    endpoint,
    access: options.access,
    duringMaintenance: options.duringMaintenance === true,
    changesState: options.changesState === true,
    cache: options.cache !== undefined,
    cacheTables: options.cache === undefined || options.cache === true ? null : cacheTableNames(options.cache.tables),
    ownQueryParsing: options.ownQueryParsing === true,
    changes: options.changes ?? [],
    streamsBody: options.streamsBody === true,
    handler,
  };
}

/** Whether the access level requires a member of the host's company (a tenant, a company id). */
export function needsMember(access: RouteAccess): boolean {
  return access !== 'public' && access !== 'signed-in';
}
