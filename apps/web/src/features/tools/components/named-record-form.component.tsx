import { Alert, Card, ColorInput, Stack, TextInput, useMantineTheme } from '@mantine/core';
import { labelSaveSchema, propertyMapSaveSchema } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerErrors, formResolver, maxLengthOf, SaveBar } from '@/shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { normalizeHexColor } from '../logic/tool-forms.logic.ts';

export interface NamedRecordValues {
  name: string;
  color: string;
}

interface NamedRecordFormProps {
  /** The locale group of the texts: 'labels' or 'propertyMaps'. */
  texts: 'labels' | 'propertyMaps';
  /** The record being edited, or none for a new one. */
  record?: { name: string; color?: string };
  /** Labels have a colour; property maps only a name. */
  withColor: boolean;
  listPath: string;
  save: (values: NamedRecordValues) => Promise<{ name: string }>;
}

/** The create and edit form of a label (name, colour) or a property map (name); Save returns to the list. */
export function NamedRecordForm({ texts, record, withColor, listPath, save }: NamedRecordFormProps) {
  const { t } = useTranslation('tools');
  const theme = useMantineTheme();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const defaultColor = theme.colors[theme.primaryColor]?.[6] ?? '';
  const { control, register, handleSubmit, setError, formState } = useForm<NamedRecordValues>({
    defaultValues: { name: record?.name ?? '', color: record?.color ?? defaultColor },
    resolver: formResolver(withColor ? labelSaveSchema : propertyMapSaveSchema, (field, _code, blank) => {
      if (field === 'color') return t('form.hexColor');
      return blank ? t('form.required') : undefined;
    }),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save({ name: values.name.trim(), color: normalizeHexColor(values.color) });
      showBanner({
        kind: 'success',
        text: t(`${texts}.${record ? 'updated' : 'created'}`, { name: saved.name }),
        delay: TOAST_DELAY_MS,
        life: SHORT_BANNER_LIFE_MS,
      });
      await navigate(listPath);
    } catch (error) {
      const fields = withColor ? (['name', 'color'] as const) : (['name'] as const);
      setFailure(applyServerErrors(error, fields, setError, t('form.saveFailed')).message);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(`${texts}.${record ? 'edit' : 'create'}`)}>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md" maw={640}>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('fields.name')}
            required
            maxLength={maxLengthOf(labelSaveSchema.shape.name)}
            error={formState.errors.name?.message}
            {...register('name')}
          />
          {withColor && (
            <Controller
              control={control}
              name="color"
              render={({ field, fieldState }) => (
                <ColorInput
                  label={t('fields.color')}
                  description={t('form.hexHint')}
                  required
                  format="hexa"
                  swatches={Object.values(theme.colors).map((shades) => shades[6] ?? '')}
                  withEyeDropper={false}
                  // Swatches only: the picker's sliders carry no accessible names in ColorInput.
                  withPicker={false}
                  closeOnColorSwatchClick
                  // Keep what was typed, so that the rule's message explains it instead of a silent reset.
                  fixOnBlur={false}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  name={field.name}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          <SaveBar onCancel={() => void navigate(listPath)} saving={formState.isSubmitting} />
        </Stack>
      </Card>
    </form>
  );
}
