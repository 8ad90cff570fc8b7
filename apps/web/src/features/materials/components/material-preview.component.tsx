import { Center, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../shared/ui/icons.component.tsx';

/** A preview image, or a placeholder saying there is none. */
export function MaterialPreview({ url, alt, height = 280 }: { url: string | null; alt: string; height?: number }) {
  const { t } = useTranslation('materials');
  if (url) return <Image src={url} alt={alt} h={height} fit="contain" radius="md" bg="gray.1" />;
  return (
    <Center h={height} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
      <Stack align="center" gap={4} c="dimmed">
        <Icon name="photo" size={40} />
        <Text size="sm">{t('overview.noPreview')}</Text>
      </Stack>
    </Center>
  );
}
