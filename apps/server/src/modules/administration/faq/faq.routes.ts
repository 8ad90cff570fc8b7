import { idParamsSchema } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { Services } from '../app/services.ts';
import { defineRoute } from '../http/route.ts';
import { ListEngine } from '../list/list-engine.ts';
import { faqCategoryList } from './faq.list.ts';
import { faqCategories } from './faq.schema.ts';

export function faqRoutes(services: Services) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    defineRoute({
      method: 'GET',
      url: '/questions/categories',
      access: {},
      summary: 'FAQ categories, the same for every company',
      tags: ['faq'],
      schema: {},
      rawQuery: true,
      handler: ({ request }) => engine.list(request, faqCategoryList),
    }),
    defineRoute({
      method: 'GET',
      url: '/questions/categories/:id',
      access: {},
      summary: 'One FAQ category with its questions',
      tags: ['faq'],
      schema: { params: idParamsSchema },
      rawQuery: true,
      handler: ({ request, params }) => engine.record(request, faqCategoryList, eq(faqCategories.id, params.id)),
    }),
  ];
}
