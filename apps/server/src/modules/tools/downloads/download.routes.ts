import { downloadEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { downloadList } from './download.list.ts';
import { downloads } from './download.table.ts';

/** `name.extension`, safe in a header: quotes and control characters dropped, non-ASCII in filename*. */
export function contentDisposition(name: string, extension: string): string {
  const file = `${name}.${extension}`.replace(/[\r\n"\\]/g, '').replace(/[/]/g, '-');
  const ascii = file.replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file)}`;
}

export function downloadRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const access = { permission: 'list-downloads' } as const;
  return [
    listRoute(engine, downloadEndpoints.list, downloadList, { access }),
    recordRoute(engine, downloadEndpoints.get, downloadList, {
      access,
      where: (params) => eq(downloads.id, params.id),
    }),
    defineRoute(downloadEndpoints.download, {
      access,
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
