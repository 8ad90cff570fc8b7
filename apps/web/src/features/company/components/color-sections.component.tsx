import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/i18n/format.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { MIN_TEXT_CONTRAST, whiteTextContrast } from '../logic/color-preview.logic.ts';
import type { MyCompanyFormValues } from '../logic/my-company-form.logic.ts';
import { ColorField } from './color-field.component.tsx';
import { ColorPreview } from './color-preview.component.tsx';

/**
 * The app's filled buttons write white on the primary colour: a colour too light for that is
 * said beside the field (it is not refused; the spec allows any hex).
 */
function ButtonTextWarning({ control }: { control: Control<MyCompanyFormValues> }) {
  const { t } = useTranslation('company');
  const primary = useWatch({ control, name: 'primary_color' });
  const ratio = whiteTextContrast(primary);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Icon name="alert" size={16} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm">{t('colors.lowContrast', { ratio: formatNumber(ratio, { maximumFractionDigits: 1 }) })}</Text>
    </Group>
  );
}

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
              {name === 'primary_color' && mode === 'custom' && <ButtonTextWarning control={control} />}
            </Stack>
          ))}
        </Group>
        <ColorPreview />
      </Stack>
    </Paper>
  );
}
