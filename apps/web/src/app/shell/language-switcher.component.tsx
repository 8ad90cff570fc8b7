import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@/lib/i18n/i18n.ts';

/** en / nl; the choice is cached by the language detector (local storage and cookie). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('layout');
  const labelId = useId();
  const current = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '')
    ? (i18n.resolvedLanguage ?? FALLBACK_LANGUAGE)
    : FALLBACK_LANGUAGE;
  return (
    <Stack gap={4} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="xs" c="dimmed">
        {t('language.label')}
      </Text>
      <SegmentedControl
        fullWidth
        size="xs"
        value={current}
        onChange={(value) => {
          i18n.changeLanguage(value).catch(() => undefined);
        }}
        data={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`) }))}
      />
    </Stack>
  );
}
