import path from 'node:path';
import { type AnswerOf, changelogEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { changelogList } from './changelog.list.ts';
import { ChangelogService } from './changelog.service.ts';
import { changelogItems } from './changelog.table.ts';

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.bmp': 'image/bmp',
};

/** Reading is for every member (the dashboard's Updates panel); writing is for platform admins. */
export function changelogRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const writes = new ChangelogService(services.database, services.storage);
  const row = async (request: FastifyRequest, id: number) =>
    (await engine.record(request, changelogList, eq(changelogItems.id, id), 'No such changelog item.')) as AnswerOf<
      typeof changelogEndpoints.create
    >;
  return [
    defineRoute(changelogEndpoints.create, {
      access: 'admin',
      async handler({ request, body }) {
        return row(request, await writes.create(body));
      },
    }),
    defineRoute(changelogEndpoints.sync, {
      access: 'admin',
      async handler() {
        return { data: await writes.sync() };
      },
    }),
    defineRoute(changelogEndpoints.update, {
      access: 'admin',
      async handler({ request, params, body }) {
        await writes.update(params.id, body);
        return row(request, params.id);
      },
    }),
    defineRoute(changelogEndpoints.delete, {
      access: 'admin',
      async handler({ params }) {
        return { changelog_item_description: await writes.delete(params.id), status: 'deleted' as const };
      },
    }),
    listRoute(engine, changelogEndpoints.list, changelogList, { access: 'member' }),
    recordRoute(engine, changelogEndpoints.get, changelogList, {
      access: 'member',
      where: (params) => eq(changelogItems.id, params.id),
    }),
    defineRoute(changelogEndpoints.screenshot, {
      access: 'member',
      async handler({ params, reply }) {
        const [row] = await services.database.system
          .select({ key: changelogItems.screenshotPath })
          .from(changelogItems)
          .where(eq(changelogItems.id, params.id))
          .limit(1);
        const key = row?.key;
        if (!key || !(await services.storage.exists(key))) throw notFound('No screenshot.');
        return reply
          .type(IMAGE_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream')
          .header('cache-control', 'private, max-age=3600')
          .send(services.storage.read(key));
      },
    }),
  ];
}
