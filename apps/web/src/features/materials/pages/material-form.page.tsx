import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { PanelEmpty, QueryState, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { throwIfMissing, throwRecordMissing } from '@/shared/ui/record-pages.component.tsx';
import { useCategory } from '../api/get-category.api.ts';
import { useMaterial } from '../api/get-material.api.ts';
import { MaterialCreateForm } from '../components/material-create-form.component.tsx';
import { MaterialEditForm } from '../components/material-edit-form.component.tsx';

/** The heading of a material form, under a link back to where it was opened from. */
function FormPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('materials');
  const fromProcessor = useLocation().state === 'processor';
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Anchor
          component={Link}
          to={fromProcessor ? paths.processor() : paths.materials.list()}
          state={fromProcessor ? { tab: 2 } : undefined}
          size="sm"
        >
          {fromProcessor ? t('form.backToProcessor') : t('breadcrumbs.root')}
        </Anchor>
        <Title order={1} size="h2">
          {title}
        </Title>
      </Stack>
      {children}
    </Stack>
  );
}

function LoadingExisting() {
  const { t } = useTranslation('materials');
  return (
    <Stack gap="sm" maw={720}>
      <Text c="dimmed">{t('form.loading')}</Text>
      <SkeletonRows rows={5} height={36} label={t('form.loading')} />
    </Stack>
  );
}

/** A material read for a form: 'Loading existing data...', the route's not-found, or a retry on failure. */
function WithMaterial({ name, children }: { name: string; children: (material: MaterialDetailOf) => ReactNode }) {
  const query = useMaterial(name);
  throwIfMissing(query);
  return (
    <QueryState query={query} loading={<LoadingExisting />}>
      {children}
    </QueryState>
  );
}
type MaterialDetailOf = NonNullable<ReturnType<typeof useMaterial>['data']>;

/** /materials/edit/{materialName}: metadata, base material, archived, and the PBR maps. */
export function MaterialEditPage() {
  const { t } = useTranslation('materials');
  const { materialName = '' } = useParams();
  return (
    <FormPage title={t('form.editMaterial', { name: materialName })}>
      <WithMaterial name={materialName}>
        {/* Keyed by name: after a rename the form starts from the saved record. */}
        {(material) => <MaterialEditForm key={material.name} material={material} />}
      </WithMaterial>
    </FormPage>
  );
}

/** /materials/create and /materials/create/{categoryId}: a new material (in that category). */
export function MaterialCreatePage() {
  const { t } = useTranslation('materials');
  const raw = useParams().categoryId;
  const categoryId = raw === undefined ? null : Number(raw);
  const valid = categoryId === null || (Number.isInteger(categoryId) && categoryId > 0);
  // The category is read only to say so when it is not there (or not the user's).
  const category = useCategory(valid ? categoryId : null);
  if (!valid) throwRecordMissing();
  throwIfMissing(category);
  return (
    <FormPage title={t('form.newMaterial')}>
      <MaterialCreateForm
        categoryId={categoryId}
        cancelTo={categoryId ? paths.materials.categories.detail(categoryId) : paths.materials.list()}
      />
    </FormPage>
  );
}

/** /materials/create/variant/{baseMaterialName}: a variant, inheriting the base's maps until replaced. */
export function MaterialVariantPage() {
  const { t } = useTranslation('materials');
  const { baseMaterialName = '' } = useParams();
  return (
    <FormPage title={t('form.newVariant', { name: baseMaterialName })}>
      <WithMaterial name={baseMaterialName}>
        {(base) =>
          base.parent_name === null ? (
            <MaterialCreateForm base={base} cancelTo={paths.materials.overview(base.name)} />
          ) : (
            <PanelEmpty>{t('form.variantOfVariant', { name: base.name, base: base.parent_name })}</PanelEmpty>
          )
        }
      </WithMaterial>
    </FormPage>
  );
}
