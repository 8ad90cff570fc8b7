import { type AnswerOf, faqCategoryEndpoints, faqQuestionEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { listRoute, recordRoute } from '#core/list/list-routes.ts';
import { faqCategoryList } from './faq.list.ts';
import { FaqService, NO_SUCH_CATEGORY } from './faq.service.ts';
import { faqCategories } from './faq.table.ts';

/** Everyone reads the FAQ; platform admins write it. */
export function faqRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const service = new FaqService(services.database.system);
  const category = async (request: FastifyRequest, id: number) =>
    (await engine.record(request, faqCategoryList, eq(faqCategories.id, id), NO_SUCH_CATEGORY)) as AnswerOf<
      typeof faqCategoryEndpoints.get
    >;
  return [
    listRoute(engine, faqCategoryEndpoints.list, faqCategoryList, { access: 'member' }),
    recordRoute(engine, faqCategoryEndpoints.get, faqCategoryList, {
      access: 'member',
      where: (params) => eq(faqCategories.id, params.id),
    }),
    defineRoute(faqCategoryEndpoints.create, {
      access: 'admin',
      async handler({ body, request }) {
        return category(request, await service.createCategory(body.name));
      },
    }),
    defineRoute(faqCategoryEndpoints.update, {
      access: 'admin',
      async handler({ params, body, request }) {
        await service.renameCategory(params.id, body.name);
        return category(request, params.id);
      },
    }),
    defineRoute(faqCategoryEndpoints.delete, {
      access: 'admin',
      async handler({ params }) {
        const deleted = await service.deleteCategory(params.id);
        return { category_name: deleted.name, status: 'deleted' as const, questions: deleted.questions };
      },
    }),
    defineRoute(faqQuestionEndpoints.create, {
      access: 'admin',
      async handler({ body }) {
        return { data: await service.question(await service.createQuestion(body)) };
      },
    }),
    defineRoute(faqQuestionEndpoints.update, {
      access: 'admin',
      async handler({ params, body }) {
        await service.updateQuestion(params.id, body);
        return { data: await service.question(params.id) };
      },
    }),
    defineRoute(faqQuestionEndpoints.delete, {
      access: 'admin',
      async handler({ params }) {
        return { question: await service.deleteQuestion(params.id), status: 'deleted' as const };
      },
    }),
  ];
}
