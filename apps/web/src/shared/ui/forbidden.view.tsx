import { Center, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** shell.md §8, content.md §6: a 403 on a list load shows the Forbidden screen, inside the frame. */
export function ForbiddenView() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="xl">
      <Text component="h1" size="xl" fw={600}>
        {t('error.forbidden')}
      </Text>
    </Center>
  );
}
