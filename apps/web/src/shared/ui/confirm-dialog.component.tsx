import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from './opener-focus.hook.ts';

export interface ConfirmDialogProps {
  opened: boolean;
  title?: string;
  /** What is about to happen (stating the count for a selection). */
  text: string;
  confirmLabel?: string;
  /** Red confirm button for deletes and other irreversible actions. */
  danger?: boolean;
  /** While the action runs: the confirm button spins, nothing closes. */
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action; Cancel is focused first so that Enter never deletes by accident. Closed,
 * it hands the focus back to what opened it (a row's menu button for a menu entry).
 */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  useReturnFocus(opened);
  return (
    <Modal
      opened={opened}
      returnFocus={false}
      onClose={() => {
        if (!loading) onCancel();
      }}
      title={title ?? t('resourceList.confirmTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('resourceList.cancel') }}
    >
      <Text size="sm" mb="lg">
        {text}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {t('resourceList.cancel')}
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel ?? t('resourceList.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
