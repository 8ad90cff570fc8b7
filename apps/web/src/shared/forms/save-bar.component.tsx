import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './forms.module.css';

interface SaveBarProps {
  /** Cancel: usually back to where the form was opened from. */
  onCancel: () => void;
  saving?: boolean;
  disabled?: boolean;
  saveLabel?: string;
}

/** Save (the form's submit) and Cancel, kept in view at the bottom of a long form. */
export function SaveBar({ onCancel, saving = false, disabled = false, saveLabel }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" className={classes.saveBar}>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        {t('forms.cancel')}
      </Button>
      <Button type="submit" loading={saving} disabled={disabled}>
        {saveLabel ?? t('forms.save')}
      </Button>
    </Group>
  );
}
