import { type AnswerOf, downloadEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { downloadList } from './download.list.ts';
import { downloadPolicy } from './download.policy.ts';
import { DownloadService } from './download.service.ts';
import { downloads } from './download.table.ts';

/** `name.extension`, safe in a header: quotes and control characters dropped, non-ASCII in filename*. */
export function contentDisposition(name: string, extension: string): string {
  const file = `${name}.${extension}`.replace(/[\r\n"\\]/g, '').replace(/[/]/g, '-');
  const ascii = file.replace(/[^\x20-\x7e]/g, '_');
  // RFC 5987 attr-chars: encodeURIComponent leaves ' ( ) * as they are, which the ext-value may not hold.
  const encoded = encodeURIComponent(file).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function downloadRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const access = downloadPolicy.access('view');
  const service = new DownloadService(services.database, services.storage);
  /** The saved download as its list row. */
  const row = async (request: FastifyRequest, id: number) =>
    (await engine.record(request, downloadList, eq(downloads.id, id), 'No such download.')) as AnswerOf<
      typeof downloadEndpoints.create
    >;
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
    defineRoute(downloadEndpoints.create, {
      access: 'admin',
      async handler({ body, request }) {
        return row(request, await service.create(body));
      },
    }),
    defineRoute(downloadEndpoints.update, {
      access: 'admin',
      async handler({ params, body, request }) {
        await service.update(params.id, body);
        return row(request, params.id);
      },
    }),
    defineRoute(downloadEndpoints.delete, {
      access: 'admin',
      async handler({ params }) {
        return { download_name: await service.delete(params.id), status: 'deleted' as const };
      },
    }),
  ];
}
