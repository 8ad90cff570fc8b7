import { Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons.component.tsx';
import classes from './forms.module.css';
import { IMAGE_ACCEPT, imageFileProblem } from './image-file.logic.ts';

export interface ImageFieldProps {
  label: string;
  /** A newly chosen file, null when removed, undefined when unchanged. */
  value: File | null | undefined;
  onChange: (file: File | null | undefined) => void;
  /** The image the record has now (its URL), shown until another is chosen or it is removed. */
  currentUrl?: string | null;
  /** A server message for the field (422). */
  error?: string;
  disabled?: boolean;
}

/**
 * A preview-image input: chooses a JPEG/PNG/WebP/BMP up to 3 MB and shows it; refuses other
 * files here already with the server's texts ('File is too large', 'File is of invalid type').
 */
export function ImageField({ label, value, onChange, currentUrl, error, disabled }: ImageFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);
  const shown = value ? preview : value === null ? null : (currentUrl ?? null);
  const choose = (file: File | null) => {
    if (!file) return;
    const issue = imageFileProblem(file);
    if (issue) {
      setProblem(issue === 'tooLarge' ? t('forms.fileTooLarge') : t('forms.fileInvalidType'));
      return;
    }
    setProblem(null);
    onChange(file);
  };
  const message = problem ?? error;
  return (
    <Input.Wrapper label={label} id={id} error={message} description={t('forms.imageHint')}>
      <Stack gap="xs" mt={4}>
        <div className={classes.imagePreview}>
          {shown ? <img src={shown} alt={t('forms.imagePreview', { name: label })} /> : <Icon name="photo" size={32} />}
        </div>
        <Group gap="sm">
          <FileButton onChange={choose} accept={IMAGE_ACCEPT} disabled={disabled}>
            {(props) => (
              <Button variant="default" size="sm" leftSection={<Icon name="upload" size={16} />} {...props}>
                {t('forms.chooseImage')}
              </Button>
            )}
          </FileButton>
          {shown && (
            <Button
              variant="subtle"
              color="red"
              size="sm"
              disabled={disabled}
              onClick={() => {
                setProblem(null);
                onChange(currentUrl ? null : undefined);
              }}
            >
              {t('forms.removeImage')}
            </Button>
          )}
          {value && (
            <Text size="sm" c="dimmed">
              {value.name}
            </Text>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
