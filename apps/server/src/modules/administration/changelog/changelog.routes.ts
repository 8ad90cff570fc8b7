import path from 'node:path';
import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { notFound } from '../http/http-error.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { changelogList } from './changelog.list.ts';
import { changelogItems } from './changelog.schema.ts';

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.bmp': 'image/bmp',
};

/** Reading is for every member (the dashboard's Updates panel); writing will be admin only. */
export function changelogRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/admin/changelog-items',
      access: {},
      summary: 'Changelog items; filter[environment] keeps those released there (Updates panel)',
      tags: ['changelog'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, changelogList),
    }),
    defineRoute({
      method: 'GET',
      url: '/admin/changelog-items/:id',
      access: {},
      summary: 'One changelog item with its screenshot_url',
      tags: ['changelog'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, changelogList, eq(changelogItems.id, params.id)),
    }),
    defineRoute({
      method: 'GET',
      url: '/changelog-items/:id/screenshot',
      access: {},
      summary: "A changelog item's screenshot",
      tags: ['changelog'],
      schema: { params: idParamsSchema },
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
