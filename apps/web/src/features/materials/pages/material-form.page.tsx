import { Button, Card, Group, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ApiError, type Material, materialSaveSchema } from '@meshport/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths/paths.ts';
import { zodResolver } from '../../../shared/forms/zod-resolver.ts';
import { showBanner } from '../../../shared/ui/banner.store.ts';
import { BannerOutlet } from '../../../shared/ui/banner-outlet.component.tsx';
import { PanelEmpty, QueryState, SkeletonRows } from '../../../shared/ui/query-state.component.tsx';
import { useMaterial } from '../api/get-material.api.ts';
import { type MaterialUpdate, useUpdateMaterial } from '../api/update-material.api.ts';
import { BaseMaterialPicker } from '../components/base-material-picker.component.tsx';
import { CategoriesPicker } from '../components/category-picker.component.tsx';
import { useWriteError } from '../components/use-write-error.hook.ts';
import { fieldMessageKey } from '../logic/form-errors.logic.ts';
import { changedMaterialFields, type MaterialFormValues, materialFormValues } from '../logic/material-form.logic.ts';
import { MATERIALS_BANNER_LIFE_MS, MATERIALS_BANNER_SCOPE } from '../logic/materials.constants.ts';

function MaterialForm({ material }: { material: Material }) {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const update = useUpdateMaterial();
  const errorText = useWriteError();
  const form = useForm<MaterialFormValues>({
    defaultValues: materialFormValues(material),
    resolver: zodResolver(materialSaveSchema, (field, code) => t(fieldMessageKey(field, code))),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const body: MaterialUpdate = changedMaterialFields(materialFormValues(material), values);
    if (Object.keys(body).length === 0) {
      await navigate(paths.materials.overview(material.name));
      return;
    }
    try {
      const saved = await update.mutateAsync({ name: material.name, body });
      showBanner({
        kind: 'success',
        text: t('messages.materialUpdated'),
        scope: MATERIALS_BANNER_SCOPE,
        life: MATERIALS_BANNER_LIFE_MS,
      });
      // A rename changes the material's address: go to the new one.
      await navigate(paths.materials.overview(saved.name), { replace: true });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const known = (['name', 'description', 'categories', 'parent_name', 'archived'] as const).filter(
        (field) => fields[field]?.[0],
      );
      for (const field of known) form.setError(field, { message: fields[field]?.[0] });
      if (known.length === 0) {
        showBanner({ kind: 'failure', text: errorText(error), scope: MATERIALS_BANNER_SCOPE, life: 0 });
      }
    }
  });

  return (
    <Card withBorder radius="lg" padding="xl" maw={720}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('form.name')}
            description={t('form.nameHint')}
            required
            {...form.register('name')}
            error={errors.name?.message}
          />
          <Textarea
            label={t('form.description')}
            autosize
            minRows={3}
            {...form.register('description')}
            error={errors.description?.message}
          />
          <Controller
            control={form.control}
            name="categories"
            render={({ field }) => (
              <CategoriesPicker
                label={t('form.categories')}
                placeholder={t('form.categoriesPlaceholder')}
                value={field.value}
                onChange={field.onChange}
                error={errors.categories?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="parent_name"
            render={({ field }) => (
              <BaseMaterialPicker
                label={t('form.baseMaterial')}
                description={t('form.baseMaterialHint')}
                placeholder={t('form.baseMaterialPlaceholder')}
                self={material.name}
                value={field.value}
                onChange={field.onChange}
                error={errors.parent_name?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="archived"
            render={({ field }) => (
              <Switch
                label={t('form.archived')}
                description={t('form.archivedHint')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                error={errors.archived?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm" mt="md">
            <Button component={Link} to={paths.materials.overview(material.name)} variant="default">
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /materials/edit/{materialName}: name, description, categories, base material, archived. */
export function MaterialEditPage() {
  const { t } = useTranslation('materials');
  const { materialName = '' } = useParams();
  const query = useMaterial(materialName);
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('form.editMaterial', { name: materialName })}
      </Title>
      <BannerOutlet scope={MATERIALS_BANNER_SCOPE} />
      {missing ? (
        <PanelEmpty>{t('overview.notFound')}</PanelEmpty>
      ) : (
        <QueryState
          query={query}
          loading={
            <Stack gap="sm" maw={720}>
              <Text c="dimmed">{t('form.loading')}</Text>
              <SkeletonRows rows={5} height={36} label={t('form.loading')} />
            </Stack>
          }
        >
          {/* Keyed by name: after a rename the form starts from the saved record. */}
          {(material) => <MaterialForm key={material.name} material={material} />}
        </QueryState>
      )}
    </Stack>
  );
}
