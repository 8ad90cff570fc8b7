import { faqCategoryEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { faqCategoryList } from './faq.list.ts';
import { faqCategories } from './faq.table.ts';

export function faqRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  return [
    listRoute(engine, faqCategoryEndpoints.list, faqCategoryList, { access: 'member', cache: false }),
    recordRoute(engine, faqCategoryEndpoints.get, faqCategoryList, {
      access: 'member',
      where: (params) => eq(faqCategories.id, params.id),
      cache: false,
    }),
  ];
}
