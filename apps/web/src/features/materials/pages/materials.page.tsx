import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PanelError } from '@/shared/ui/query-state.component.tsx';
import { throwIfMissing, throwRecordMissing } from '@/shared/ui/record-pages.component.tsx';
import { useCategory } from '../api/get-category.api.ts';
import { CategoryBreadcrumbs } from '../components/category-breadcrumbs.component.tsx';
import { CategoryList } from '../components/category-list.component.tsx';
import { MaterialList } from '../components/material-list.component.tsx';

function parseId(value: string | undefined): number | null {
  if (value === undefined) return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : Number.NaN;
}

function Sections({ categoryId }: { categoryId: number | null }) {
  const { t } = useTranslation('materials');
  return (
    <>
      <Stack gap="sm" component="section" aria-labelledby="material-categories-heading">
        <Title order={2} size="h3" id="material-categories-heading">
          {t('sections.categories')}
        </Title>
        <CategoryList parentId={categoryId} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="materials-heading">
        <Title order={2} size="h3" id="materials-heading">
          {t('sections.materials')}
        </Title>
        <MaterialList categoryId={categoryId} />
      </Stack>
    </>
  );
}

/**
 * /materials and /materials/categories/{categoryId}: the categories of the level and the
 * materials, under the category's breadcrumbs. The top level lists every material (a material
 * may sit in several categories or none; the Category filter narrows to those in none).
 */
export function MaterialsPage() {
  const { t } = useTranslation('materials');
  const categoryId = parseId(useParams().categoryId);
  const valid = categoryId === null || !Number.isNaN(categoryId);
  const category = useCategory(valid ? categoryId : null);
  const error = category.error;
  if (!valid) throwRecordMissing();
  throwIfMissing(category);

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        {category.data && <CategoryBreadcrumbs breadcrumbs={category.data.meta_data.breadcrumbs} />}
        {categoryId === null ? (
          <>
            <Title order={1}>{t('heading')}</Title>
            <Text c="dimmed">{t('intro')}</Text>
          </>
        ) : category.data ? (
          <Title order={1}>{category.data.name}</Title>
        ) : (
          <Skeleton height={36} width={240} aria-label={t('common:states.loading')} />
        )}
      </Stack>
      {error ? (
        <PanelError error={error} onRetry={() => void category.refetch()} />
      ) : (
        <Sections key={categoryId ?? 'root'} categoryId={categoryId} />
      )}
    </Stack>
  );
}
