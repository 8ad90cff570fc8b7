import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import { faqCategories, faqQuestions } from './faq.table.ts';

/** FAQ categories (platform-wide); a single category read also returns its questions. */
export const faqCategoryList: ListResource = {
  name: 'categories',
  table: faqCategories,
  reads: ['faq_questions'],
  scope: 'system',
  idColumn: faqCategories.id,
  fields: {
    id: { select: faqCategories.id, sortable: true },
    name: { select: faqCategories.name, sortable: true },
    questions_count: {
      select: sql<number>`(select count(*)::int from ${faqQuestions} where ${faqQuestions.categoryId} = ${faqCategories.id})`,
      sortable: true,
    },
    created_at: { select: faqCategories.createdAt, sortable: true },
    updated_at: { select: faqCategories.updatedAt, sortable: true },
    questions: {
      select: sql<
        unknown[]
      >`coalesce((select json_agg(json_build_object('id', ${faqQuestions.id}, 'question', ${faqQuestions.question}, 'answer', ${faqQuestions.answer}, 'position', ${faqQuestions.position}) order by ${faqQuestions.position}, ${faqQuestions.id}) from ${faqQuestions} where ${faqQuestions.categoryId} = ${faqCategories.id}), '[]'::json)`,
      optIn: 'list',
    },
  },
  filters: {
    // A category is found by its own name or by the text of one of its questions.
    search: searchFilter([
      faqCategories.name,
      sql`(select string_agg(${faqQuestions.question} || ' ' || ${faqQuestions.answer}, ' ') from ${faqQuestions} where ${faqQuestions.categoryId} = ${faqCategories.id})`,
    ]),
  },
  defaultSort: ADMIN_DEFAULT_SORTS.faqCategories,
  defaultPerPage: DEFAULT_PER_PAGE,
};
