import path from 'node:path';
import type { Endpoint, ListEndpoint } from '@meshport/contract';
import { and, type Column, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { type Db, queryRows } from '#core/db/database.ts';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute, type PermissionAccess, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine, type ListRequestOptions } from '#core/list/list-engine.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** The content type of a stored preview image, by its key's extension. */
export function storedImageType(key: string): string {
  return IMAGE_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

/** A content table: soft-deleted, with a stored preview image (`recordColumns`). */
type ContentTable = PgTable & { id: Column; deletedAt: Column; previewImagePath: Column };

/** What varies between the content resources' read routes. */
export interface ContentReadRoutes<K extends 'id' | 'name'> {
  endpoints: { list: ListEndpoint; get: Endpoint; previewImage: Endpoint };
  resource: ListResource;
  table: ContentTable;
  /** The path parameter naming one record and its column; `id` unless told. */
  key?: { param: K; column: Column };
  /** Reading one record and its preview; the list adds the recycle-bin permission. */
  access: PermissionAccess;
  /** The realtime channels (`private-company.{c}.{kind}[.{id}]`) carrying this list's data: joined with its access. */
  channelKind?: string;
  listOptions?: (request: FastifyRequest) => ListRequestOptions;
  notFoundMessage: string;
}

/**
 * The list, the record and the preview image of a content resource (content.md §7): one
 * declaration each instead of three copied routes.
 */
export function contentReadRoutes<K extends 'id' | 'name' = 'id'>(
  services: CoreServices,
  routes: ContentReadRoutes<K>,
): RouteDefinition[] {
  const engine = new ListEngine(services.database, services.changes);
  const { endpoints, resource, table, access } = routes;
  const key = routes.key ?? { param: 'id', column: table.id };
  const keyOf = (params: unknown) => (params as Record<string, string | number>)[key.param];
  if (routes.channelKind) services.realtime.registerKind(routes.channelKind, { access });
  return [
    listRoute(engine, endpoints.list, resource, {
      access: { ...access, trashedPermission: 'access-recycling-bin' },
      ...(routes.listOptions ? { options: routes.listOptions } : {}),
    }),
    recordRoute(engine, endpoints.get, resource, {
      access,
      where: (params) => and(eq(key.column, keyOf(params)), isNull(table.deletedAt)) as SQL,
      notFoundMessage: routes.notFoundMessage,
    }),
    defineRoute(endpoints.previewImage, {
      access,
      ownQueryParsing: true,
      async handler({ actor, companyId, params, reply }) {
        const lookup = sql`select ${table.previewImagePath} as path from ${table} where ${key.column} = ${keyOf(params)}`;
        const rows = await services.database.tenant({ companyId, accountId: actor.accountId }, (db: Db) =>
          queryRows<{ path: string | null }>(db, lookup),
        );
        const stored = rows[0]?.path;
        if (!stored || !(await services.storage.exists(stored))) throw notFound('No preview image.');
        return reply
          .type(storedImageType(stored))
          .header('cache-control', 'private, max-age=86400')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(services.storage.read(stored));
      },
    }),
  ];
}
