import { Alert, Anchor, Card, Stack, Text } from '@mantine/core';
import { type MaterialMapKind, materialSaveSchema } from '@meshport/contract';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { formResolver, SaveBar } from '@/shared/forms/index.ts';
import type { UploadedFile } from '@/shared/upload/index.ts';
import { useCreateMaterial } from '../api/create-material.api.ts';
import type { MaterialDetail } from '../api/get-material.api.ts';
import { fieldMessageKey } from '../logic/form-errors.logic.ts';
import { inheritedFrom, type MaterialMapsState, mapUploadsBody } from '../logic/material-maps.logic.ts';
import { placeMaterialSaveErrors } from '../logic/material-save-errors.logic.ts';
import { MaterialBasicFields } from './material-basic-fields.component.tsx';
import { type MapUploads, MaterialMapsSection } from './material-maps-section.component.tsx';
import { useSavedMaterial } from './use-saved-material.hook.ts';

interface CreateValues {
  name: string;
  description: string;
  categories: number[];
}

const NO_MAPS: MaterialMapsState = { maps: {}, inheritedMaps: [] };

/**
 * A new material, or with `base` a new variant of it: name, description, categories and the
 * PBR maps as uploads. A variant shows its base's maps as inherited and sends only those replaced.
 */
export function MaterialCreateForm({
  categoryId = null,
  base = null,
  cancelTo,
}: {
  categoryId?: number | null;
  base?: MaterialDetail | null;
  cancelTo: string;
}) {
  const { t } = useTranslation('materials');
  const navigate = useNavigate();
  const create = useCreateMaterial();
  const done = useSavedMaterial();
  const [uploads, setUploads] = useState<MapUploads>({});
  const [mapErrors, setMapErrors] = useState<Partial<Record<MaterialMapKind, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<CreateValues>({
    defaultValues: {
      name: '',
      description: '',
      categories: base ? base.categories.map((category) => category.id) : categoryId ? [categoryId] : [],
    },
    resolver: formResolver<CreateValues>(
      materialSaveSchema.pick({ name: true, description: true, categories: true }),
      (field, code) => t(fieldMessageKey(field, code)),
    ),
  });
  const { isSubmitting } = form.formState;
  const onUpload = useCallback((kind: MaterialMapKind, file: UploadedFile | null) => {
    setUploads((current) => ({ ...current, [kind]: file }));
    setMapErrors((current) => ({ ...current, [kind]: undefined }));
  }, []);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const description = values.description.trim();
    const maps = mapUploadsBody(uploads);
    try {
      const saved = await create.mutateAsync({
        name: values.name.trim(),
        ...(description ? { description } : {}),
        categories: values.categories,
        ...(base ? { parent_name: base.name } : {}),
        ...(maps ? { maps } : {}),
      });
      // Made from a category's or a base material's page (cancelTo is that page): back there.
      const openedFrom = base || categoryId ? cancelTo : null;
      await done(saved.name, base ? 'messages.variantCreated' : 'messages.materialCreated', openedFrom);
    } catch (error) {
      const placed = placeMaterialSaveErrors(error, form.setError, ['name', 'description', 'categories'], {
        fallback: t('form.saveFailed'),
        noResponse: t('common:errors.noResponse'),
      });
      setMapErrors(placed.maps);
      setFailure(placed.message);
    }
  });

  return (
    <Card withBorder radius="lg" padding="xl" component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Stack gap="md" maw={720}>
          {base && (
            <div>
              <Text size="sm" fw={500}>
                {t('form.baseMaterial')}
              </Text>
              <Anchor component={Link} to={paths.materials.overview(base.name)}>
                {base.name}
              </Anchor>
            </div>
          )}
          <MaterialBasicFields form={form} />
        </Stack>
        <MaterialMapsSection
          state={base ? inheritedFrom(base.maps) : NO_MAPS}
          baseName={base?.name ?? null}
          uploads={uploads}
          onUpload={onUpload}
          errors={mapErrors}
          onBusyChange={setUploading}
        />
        <SaveBar
          onCancel={() => void navigate(cancelTo)}
          saving={isSubmitting}
          disabled={uploading}
          saveLabel={uploading ? t('form.waitingForUploads') : undefined}
        />
      </Stack>
    </Card>
  );
}
