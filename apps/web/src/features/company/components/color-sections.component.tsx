import { ColorInput, Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cleanColorInput, type MyCompanyFormValues } from '../logic/my-company-form.logic.ts';

/** Primary Color and Primary Accent, with the default / custom toggle that covers both (administration.md §2). */
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
                  <ColorInput
                    label={t(`colors.${name}`)}
                    format="hexa"
                    withEyeDropper={false}
                    fixOnBlur={false}
                    withPicker={false}
                    disabled={mode === 'default'}
                    value={field.value}
                    onChange={(value) => field.onChange(cleanColorInput(value))}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Stack>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
