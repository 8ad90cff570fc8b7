import { Anchor } from '@mantine/core';
import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE, type FaqCategory, faqCategoryEndpoints } from '@meshport/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ResourceListDeclaration } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { deleteFaqCategory } from '../api/delete-faq-category.api.ts';
import type { EditingStore } from '../logic/editing.store.ts';
import { CategoryName } from './category-name.component.tsx';

type Declaration = ResourceListDeclaration<typeof faqCategoryEndpoints.list, FaqCategory>;

/**
 * /faq (administration.md §2): categories, latest updated first. The question count leads to the
 * category page (the row click of the spec, by keyboard too); admins rename a category by clicking
 * its name or by Edit, and delete it with its questions.
 */
export function faqListDeclaration(
  t: TFunction<'support'>,
  language: string | undefined,
  admin: boolean,
  editing: EditingStore,
): Declaration {
  return {
    id: 'faq-categories',
    endpoint: faqCategoryEndpoints.list,
    resource: 'faq',
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    label: t('faq.label'),
    views: ['table'],
    defaultSort: ADMIN_DEFAULT_SORTS.faqCategories,
    perPage: DEFAULT_PER_PAGE,
    emptyText: t('faq.empty'),
    loadingText: t('faq.loading'),
    bannerLife: SHORT_BANNER_LIFE_MS,
    selectable: false,
    columns: [
      {
        id: 'name',
        header: t('faq.columns.name'),
        sortField: 'name',
        cell: (row) => <CategoryName category={row} admin={admin} editing={editing} />,
      },
      {
        id: 'questions',
        header: t('faq.columns.questions'),
        sortField: 'questions_count',
        cell: (row) => (
          <Anchor component={Link} to={paths.support.faq.category(row.id)} size="sm">
            {t('faq.questionsCount', { count: row.questions_count, name: row.name })}
          </Anchor>
        ),
      },
      {
        id: 'updated',
        header: t('faq.columns.updated'),
        sortField: 'updated_at',
        cell: (row) => formatDateTime(row.updated_at, { locale: language }),
      },
    ],
    rowActions: [
      { id: 'open', label: t('faq.open'), to: (row) => paths.support.faq.category(row.id) },
      ...(admin
        ? [
            { id: 'edit', label: t('actions.edit'), onClick: (row: FaqCategory) => editing.set(row.id) },
            {
              id: 'delete',
              label: t('actions.delete'),
              color: 'red',
              danger: true,
              confirm: () => t('faq.confirmDelete'),
              confirmLabel: t('actions.delete'),
              onClick: async (row: FaqCategory) => {
                await deleteFaqCategory(row.id);
                return { success: t('faq.categoryDeleted') };
              },
            },
          ]
        : []),
    ],
  };
}
