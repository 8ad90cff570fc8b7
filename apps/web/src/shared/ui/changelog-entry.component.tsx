import { Badge, Image, Modal, Stack, Text } from '@mantine/core';
import type { ChangelogItem } from '@meshport/contract';
import { useTranslation } from 'react-i18next';

/** The badge colour of each changelog type (administration.md §2). */
export const CHANGELOG_TYPE_COLORS: Record<ChangelogItem['type'], string> = {
  added: 'green',
  fixed: 'orange',
  updated: 'gray.7',
};

/** A changelog type as its badge: added green, fixed orange, updated gray (administration.md §2). */
export function ChangelogTypeBadge({ type }: { type: ChangelogItem['type'] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Badge color={CHANGELOG_TYPE_COLORS[type]} variant="filled" autoContrast miw={84} style={{ flex: 'none' }}>
      {t(`updates.types.${type}`)}
    </Badge>
  );
}

interface ChangelogEntryModalProps {
  item: ChangelogItem | null;
  title: string;
  onClose: () => void;
}

/** One changelog entry: its type badge, the description and the optional screenshot. */
export function ChangelogEntryModal({ item, title, onClose }: ChangelogEntryModalProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('updates.close') }}
    >
      {item && (
        <Stack gap="md">
          <ChangelogTypeBadge type={item.type} />
          <Text style={{ whiteSpace: 'pre-wrap' }}>{item.description}</Text>
          {item.screenshot_url && (
            <Image
              src={item.screenshot_url}
              alt={t('updates.screenshot', { description: item.description })}
              radius="md"
              fit="contain"
              mah={480}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
