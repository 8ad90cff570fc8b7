import { materialCategoryEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { contentReadRoutes } from '#modules/content/shared/content-read.routes.ts';
import { materialCategoryList } from './material-category.list.ts';
import { materialCategoryPolicy } from './material-category.policy.ts';
import { materialCategories } from './material-category.table.ts';
import { materialCategoryWriteRoutes } from './material-category.write-routes.ts';

export function materialCategoryRoutes(services: CoreServices) {
  const reads = contentReadRoutes(services, {
    endpoints: materialCategoryEndpoints,
    resource: materialCategoryList,
    table: materialCategories,
    access: materialCategoryPolicy.access('view'),
    notFoundMessage: 'No such category.',
  });
  return [...reads, ...materialCategoryWriteRoutes(services)];
}
