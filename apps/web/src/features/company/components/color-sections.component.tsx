import { Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MyCompanyFormValues } from '../logic/my-company-form.logic.ts';
import { ColorField } from './color-field.component.tsx';
import { ColorPreview } from './color-preview.component.tsx';

/**
 * Primary colour and primary accent, with the default / custom toggle that covers both
 * (administration.md §2): chosen with a picker or typed as hex, the error beside the field, and a
 * preview of the header and buttons in the colours the form stands for.
 */
export function ColorSections({ control }: { control: Control<MyCompanyFormValues> }) {
  const { t } = useTranslation('company');
  const mode = useWatch({ control, name: 'color_mode' });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Controller
          control={control}
          name="color_mode"
          render={({ field }) => (
            <SegmentedControl
              aria-label={t('colors.mode')}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              data={[
                { value: 'default', label: t('colors.default') },
                { value: 'custom', label: t('colors.custom') },
              ]}
            />
          )}
        />
        <Group grow align="flex-start">
          {(['primary_color', 'primary_accent'] as const).map((name) => (
            <Stack key={name} gap="xs">
              <Title order={3} size="h5">
                {t(`sections.${name}`)}
              </Title>
              <Controller
                control={control}
                name={name}
                render={({ field, fieldState }) => (
                  <ColorField
                    label={t(`colors.${name}`)}
                    pickLabel={t(`colors.pick.${name}`)}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error?.message}
                    disabled={mode === 'default'}
                  />
                )}
              />
            </Stack>
          ))}
        </Group>
        <ColorPreview />
      </Stack>
    </Paper>
  );
}
