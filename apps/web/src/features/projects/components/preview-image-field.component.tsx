import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { MAX_PREVIEW_IMAGE_BYTES, PREVIEW_IMAGE_TYPES } from '@meshport/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/i18n/format.ts';
import { PreviewImage } from './preview-image.component.tsx';

interface PreviewImageFieldProps {
  /** The saved image's URL (edit, copy). */
  current: string | null;
  name: string;
  file: File | null;
  removed: boolean;
  error?: string;
  onFile: (file: File | null) => void;
  onRemove: () => void;
}

/** Tab 2 of the project form: the image shown now, a file chooser, and removal. */
export function PreviewImageField({ current, name, file, removed, error, onFile, onRemove }: PreviewImageFieldProps) {
  const { t } = useTranslation('projects');
  const [chosenUrl, setChosenUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setChosenUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setChosenUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = chosenUrl ?? (removed ? null : current);
  return (
    <Stack gap="sm" maw={480}>
      <PreviewImage src={shown} name={name || t('form.untitled')} />
      <FileInput
        label={t('form.image')}
        description={t('form.imageHint', {
          size: formatNumber(MAX_PREVIEW_IMAGE_BYTES / 1024 / 1024, { maximumFractionDigits: 0 }),
        })}
        placeholder={t('form.imagePlaceholder')}
        accept={PREVIEW_IMAGE_TYPES.join(',')}
        value={file}
        onChange={onFile}
        error={error}
        clearable
        styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      />
      {shown && (
        <Group>
          <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove}>
            {t('form.removeImage')}
          </Button>
        </Group>
      )}
      {removed && !file && current && (
        <Text size="sm" c="dimmed">
          {t('form.imageRemoved')}
        </Text>
      )}
    </Stack>
  );
}
