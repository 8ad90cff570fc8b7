import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { readableTextOn } from '../logic/color-preview.logic.ts';

const chip = { borderRadius: 6, padding: '6px 14px', fontSize: 14, fontWeight: 600 } as const;

/**
 * A header and buttons in the colours the app paints right now: the stored ones, or while editing
 * the ones the form previews (tenant context), so that what is shown here is what Save keeps.
 */
export function ColorPreview() {
  const { t } = useTranslation('company');
  const { colors, company } = useTenant();
  const primary = colors.primary_color;
  const accent = colors.primary_accent;
  const onPrimary = readableTextOn(primary);
  return (
    <Box component="figure" m={0} data-primary={primary} data-accent={accent}>
      <Text component="figcaption" size="sm" fw={500} mb={6}>
        {t('colors.preview')}
      </Text>
      <Box style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, overflow: 'hidden' }}>
        <Group
          justify="space-between"
          px="md"
          py="xs"
          data-preview="header"
          style={{ background: primary, color: onPrimary }}
        >
          <Text fw={700} c="inherit">
            {company?.name}
          </Text>
          <Text size="sm" c="inherit">
            {t('colors.previewNav')}
          </Text>
        </Group>
        <Box h={4} style={{ background: accent }} />
        <Group gap="sm" p="md">
          <Box component="span" data-preview="button" style={{ ...chip, background: primary, color: onPrimary }}>
            {t('colors.previewButton')}
          </Box>
          <Box component="span" style={{ ...chip, background: accent, color: readableTextOn(accent) }}>
            {t('colors.previewAccent')}
          </Box>
        </Group>
      </Box>
    </Box>
  );
}
