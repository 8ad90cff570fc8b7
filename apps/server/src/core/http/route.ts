import type { PermissionExpression } from '@meshport/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * What a route requires. Every route declares one (a test checks it):
 * - 'public': anyone, no tenant needed;
 * - 'signed-in': any signed-in account, on any host;
 * - an object: a signed-in member (or platform admin) of the host's company, holding the
 *   platform's licence, and the permission when one is named. `admin` limits it to platform
 *   admins; `hatchOnly` refuses the customerportal host and requires the hatch licence.
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | { permission?: PermissionExpression; admin?: true; hatchOnly?: true; trashedPermission?: PermissionExpression };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Methods that change nothing: no origin check, no cache to clear. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Record<number, z.ZodType>;
}

export interface RouteContext<S extends RouteSchemas> {
  params: Infer<S['params']>;
  query: Infer<S['querystring']>;
  body: Infer<S['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDefinition<S extends RouteSchemas = RouteSchemas> {
  method: HttpMethod;
  /** Path under /v2, in Fastify syntax (`/projects/:id`). */
  url: string;
  access: RouteAccess;
  /** Answered during planned maintenance too (sign-in, the public settings). */
  duringMaintenance?: true;
  /**
   * A GET that changes state (sign-out): with the session cookie it must come from a page of
   * this tenant, as writes must, so that a link on another site cannot trigger it.
   */
  changesState?: true;
  summary: string;
  tags: string[];
  schema: S;
  /** Lists read their own query (filter[...] keys) and skip querystring validation. */
  rawQuery?: boolean;
  /**
   * GET answers are kept per company, user and URL until the company's data changes
   * (docs/decisions/0012). For reads whose answer only the database determines.
   */
  cache?: true;
  handler: (context: RouteContext<S>) => Promise<unknown>;
}

export function defineRoute<S extends RouteSchemas>(definition: RouteDefinition<S>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}
