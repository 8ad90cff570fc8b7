import { Center, Image, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/shared/ui/icons.component.tsx';

/** A record's preview image, or a placeholder saying there is none. */
export function PreviewImage({ src, name, height = 220 }: { src: string | null; name: string; height?: number }) {
  const { t } = useTranslation('projects');
  if (src) {
    return <Image src={src} alt={t('preview.alt', { name })} h={height} fit="contain" radius="md" bg="gray.0" />;
  }
  return (
    <Paper withBorder radius="md" h={height} bg="gray.0">
      <Center h="100%" c="dimmed" style={{ flexDirection: 'column', gap: 4 }}>
        <Icon name="photo" size={40} />
        <Text size="sm" c="dimmed">
          {t('preview.none')}
        </Text>
      </Center>
    </Paper>
  );
}
