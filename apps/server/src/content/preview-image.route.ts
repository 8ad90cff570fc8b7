import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { type Db, queryRows } from '../db/database.ts';
import { notFound } from '../http/http-error.ts';
import { defineRoute, type RouteAccess, type RouteDefinition } from '../http/route.ts';

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

interface PreviewImageRoute<P> {
  url: string;
  access: RouteAccess;
  tag: string;
  params: import('zod').ZodType<P>;
  /** SQL answering one row `{path}` for the visible, live record (row-level security applies). */
  lookup: (params: P) => SQL;
}

/** GET …/preview-image: the stored preview of one record of the request's company. */
export function previewImageRoute<P>(services: Services, route: PreviewImageRoute<P>): RouteDefinition {
  return defineRoute({
    method: 'GET',
    url: route.url,
    access: route.access,
    summary: 'The preview image of one record',
    tags: [route.tag],
    schema: { params: route.params },
    rawQuery: true,
    async handler({ request, reply, params }) {
      const companyId = request.tenant?.company.id;
      if (companyId === undefined) throw notFound();
      const rows = await services.database.tenant({ companyId, accountId: request.actor?.accountId }, (db: Db) =>
        queryRows<{ path: string | null }>(db, route.lookup(params as P)),
      );
      const key = rows[0]?.path;
      if (!key || !(await services.storage.exists(key))) throw notFound('No preview image.');
      return reply
        .type(IMAGE_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(services.storage.read(key));
    },
  });
}
