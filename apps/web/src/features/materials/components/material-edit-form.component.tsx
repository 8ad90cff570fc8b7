import { Alert, Card, Stack, Switch } from '@mantine/core';
import { type MaterialMapKind, materialSaveSchema } from '@meshport/contract';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { formResolver, SaveBar } from '@/shared/forms/index.ts';
import type { UploadedFile } from '@/shared/upload/index.ts';
import { type MaterialDetail, useMaterial } from '../api/get-material.api.ts';
import { type MaterialUpdate, useUpdateMaterial } from '../api/update-material.api.ts';
import { fieldMessageKey } from '../logic/form-errors.logic.ts';
import { changedMaterialFields, type MaterialFormValues, materialFormValues } from '../logic/material-form.logic.ts';
import { mapRemovalsBody, mapUploadsBody } from '../logic/material-maps.logic.ts';
import { placeMaterialSaveErrors } from '../logic/material-save-errors.logic.ts';
import { BaseMaterialPicker } from './base-material-picker.component.tsx';
import { MaterialBasicFields } from './material-basic-fields.component.tsx';
import { type MapUploads, MaterialMapsSection } from './material-maps-section.component.tsx';
import { useSavedMaterial } from './use-saved-material.hook.ts';

const FIELDS = ['name', 'description', 'categories', 'parent_name', 'archived'] as const;

/**
 * The edit form of a material: its metadata, and its maps (replace or remove; a variant's
 * removed map is inherited from its base again). Sends only what changed.
 */
export function MaterialEditForm({ material }: { material: MaterialDetail }) {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const location = useLocation();
  const update = useUpdateMaterial();
  const done = useSavedMaterial();
  // What a removed own map gives way to.
  const base = useMaterial(material.parent_name ?? '', material.parent_name !== null);
  const [uploads, setUploads] = useState<MapUploads>({});
  const [removals, setRemovals] = useState<MaterialMapKind[]>([]);
  const [mapErrors, setMapErrors] = useState<Partial<Record<MaterialMapKind, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<MaterialFormValues>({
    defaultValues: materialFormValues(material),
    resolver: formResolver<MaterialFormValues>(materialSaveSchema, (field, code) => t(fieldMessageKey(field, code))),
  });
  const { errors, isSubmitting } = form.formState;
  const onUpload = useCallback((kind: MaterialMapKind, file: UploadedFile | null) => {
    setUploads((current) => ({ ...current, [kind]: file }));
    setMapErrors((current) => ({ ...current, [kind]: undefined }));
  }, []);
  const onRemoval = useCallback((kind: MaterialMapKind, removing: boolean) => {
    setRemovals((current) => (removing ? [...current, kind] : current.filter((other) => other !== kind)));
  }, []);
  const leave = () =>
    location.state === 'processor'
      ? navigate(paths.processor(), { state: { tab: 2 } })
      : navigate(paths.materials.overview(material.name));

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const maps = mapUploadsBody(uploads);
    const removeMaps = mapRemovalsBody(removals, uploads);
    const body: MaterialUpdate = {
      ...changedMaterialFields(materialFormValues(material), values),
      ...(maps ? { maps } : {}),
      ...(removeMaps ? { remove_maps: removeMaps } : {}),
    };
    if (Object.keys(body).length === 0) {
      await leave();
      return;
    }
    try {
      const saved = await update.mutateAsync({ name: material.name, body });
      await done(saved.name, 'messages.materialUpdated');
    } catch (error) {
      const placed = placeMaterialSaveErrors(error, form.setError, FIELDS, {
        fallback: t('form.saveFailed'),
        noResponse: t('common:errors.noResponse'),
      });
      setMapErrors(placed.maps);
      setFailure(placed.message);
    }
  });

  return (
    <Card withBorder radius="lg" padding="xl" component="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Stack gap="md" maw={720}>
          <MaterialBasicFields form={form} />
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
        </Stack>
        <MaterialMapsSection
          state={{ maps: material.maps, inheritedMaps: material.inherited_maps }}
          baseName={material.parent_name}
          baseMaps={base.data?.maps ?? null}
          uploads={uploads}
          onUpload={onUpload}
          removals={removals}
          onRemoval={onRemoval}
          errors={mapErrors}
          onBusyChange={setUploading}
        />
        <SaveBar
          onCancel={() => void leave()}
          saving={isSubmitting}
          disabled={uploading}
          saveLabel={uploading ? t('form.waitingForUploads') : undefined}
        />
      </Stack>
    </Card>
  );
}
