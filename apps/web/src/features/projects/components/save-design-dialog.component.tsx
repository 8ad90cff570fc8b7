import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { DESIGN_NAME_MAX, type DesignChoiceSave, type DesignRow, designCreateSchema } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, formResolver, requiredMessage, SaveBar } from '@/shared/forms/index.ts';
import { useCreateDesign } from '../api/create-design.api.ts';

interface DesignNameValues {
  name: string;
}

/** The name is the form's field; a choice the server refuses (a slot changed meanwhile) goes to the alert. */
const nameField = (key: string) => (key === 'name' ? ('name' as const) : null);

const nameSchema = designCreateSchema.pick({ name: true });

/**
 * "Save as design": asks a name and saves the model with the finish shown in each slot as a design
 * of its project (create-designs, on both platforms).
 */
export function SaveDesignDialog({
  modelId,
  choices,
  opened,
  onClose,
  onSaved,
}: {
  modelId: number;
  choices: DesignChoiceSave[];
  opened: boolean;
  onClose: () => void;
  onSaved: (design: DesignRow) => void;
}) {
  const { t } = useTranslation('projects');
  const { t: tCommon } = useTranslation();
  const create = useCreateDesign();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DesignNameValues>({
    defaultValues: { name: '' },
    resolver: formResolver(nameSchema, requiredMessage(t('designs.nameRequired'))),
  });
  const close = () => {
    setFailure(null);
    form.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const design = await create.mutateAsync({ name: values.name.trim(), project_model_id: modelId, choices });
      form.reset();
      onSaved(design);
    } catch (error) {
      setFailure(applyServerErrors(error, nameField, form.setError, t('designs.saveFailed')).message);
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('designs.saveTitle')}
      closeButtonProps={{ 'aria-label': tCommon('resourceList.cancel') }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="lg">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="name"
            render={({ field }) => (
              <TextInput
                {...field}
                label={t('designs.name')}
                description={t('designs.nameHint')}
                required
                data-autofocus
                maxLength={DESIGN_NAME_MAX}
                error={form.formState.errors.name?.message}
              />
            )}
          />
          <SaveBar onCancel={close} saving={form.formState.isSubmitting} saveLabel={t('designs.save')} />
        </Stack>
      </form>
    </Modal>
  );
}
