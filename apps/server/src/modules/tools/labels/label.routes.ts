import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { labelList } from './label.list.ts';
import { labels } from './label.schema.ts';

export function labelRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/labels',
      access: { permission: 'list-labels' },
      summary: 'Labels of this company',
      tags: ['labels'],
      schema: {},
      rawQuery: true,
      cache: true,
      handler: ({ request }) => engine.list(request, labelList),
    }),
    defineRoute({
      method: 'GET',
      url: '/labels/:id',
      access: { permission: 'list-labels|update-labels' },
      summary: 'One label',
      tags: ['labels'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      cache: true,
      handler: ({ request, params }) => engine.record(request, labelList, eq(labels.id, params.id), 'No such label.'),
    }),
  ];
}
