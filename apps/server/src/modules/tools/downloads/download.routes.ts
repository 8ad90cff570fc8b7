import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { notFound } from '../http/http-error.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { downloadList } from './download.list.ts';
import { downloads } from './download.schema.ts';

/** `name.extension`, safe in a header: quotes and control characters dropped, non-ASCII in filename*. */
export function contentDisposition(name: string, extension: string): string {
  const file = `${name}.${extension}`.replace(/[\r\n"\\]/g, '').replace(/[/]/g, '-');
  const ascii = file.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

export function downloadRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/downloads',
      access: { permission: 'list-downloads' },
      summary: 'Files published for every company (manuals, plug-ins)',
      tags: ['downloads'],
      schema: {},
      rawQuery: true,
      cache: true,
      handler: ({ request }) => engine.list(request, downloadList),
    }),
    defineRoute({
      method: 'GET',
      url: '/downloads/:id',
      access: { permission: 'list-downloads' },
      summary: 'One download',
      tags: ['downloads'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      cache: true,
      handler: ({ request, params }) => engine.record(request, downloadList, eq(downloads.id, params.id)),
    }),
    defineRoute({
      method: 'GET',
      url: '/downloads/:id/download',
      access: { permission: 'list-downloads' },
      summary: 'The file itself, saved as name.extension',
      tags: ['downloads'],
      schema: { params: idParamsSchema },
      async handler({ params, reply }) {
        const [row] = await services.database.system
          .select({ name: downloads.name, extension: downloads.extension, filePath: downloads.filePath })
          .from(downloads)
          .where(eq(downloads.id, params.id))
          .limit(1);
        if (!row || !(await services.storage.exists(row.filePath))) throw notFound('No such download.');
        return reply
          .type('application/octet-stream')
          .header('content-disposition', contentDisposition(row.name, row.extension))
          .header('x-content-type-options', 'nosniff')
          .send(services.storage.read(row.filePath));
      },
    }),
  ];
}
