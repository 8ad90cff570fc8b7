import { Alert, Input, Stack, Text } from '@mantine/core';
import { uploadExtensions } from '@meshport/contract';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/i18n/format.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { Icon } from '../ui/icons.component.tsx';
import { ImagePreview } from './image-preview.component.tsx';
import classes from './upload.module.css';
import type { UploadedFile, UploadFieldProps } from './upload.types.ts';
import { uploadAccept } from './upload-checks.logic.ts';
import { finishedFiles, isBusy } from './upload-entries.logic.ts';
import { UploadFileRow } from './upload-file-row.component.tsx';
import { type ResumeNotice, useUploadField } from './use-upload-field.hook.ts';

function initialFiles(props: UploadFieldProps): UploadedFile[] {
  if (props.multiple) return props.value;
  return props.value ? [props.value] : [];
}

function NoticeText({ notice }: { notice: ResumeNotice }) {
  const { t } = useTranslation();
  return (
    <>
      {notice.percent === null
        ? t('upload.unfinishedUnknown', { name: notice.name })
        : t('upload.unfinished', { name: notice.name, percent: notice.percent })}
    </>
  );
}

/**
 * A file field that uploads with tus as soon as files are chosen (drop, Enter/Space or Browse),
 * with progress, pause, resume and cancel per file, the checks of name and size before sending,
 * and the offer to continue an upload left unfinished. `value` lists only finished uploads.
 */
export function UploadField(props: UploadFieldProps) {
  const { label, purpose, description, error, required, disabled, onBusyChange, currentUrl, currentCaption } = props;
  const multiple = props.multiple === true;
  const { t } = useTranslation();
  const { uploadMaxBytes } = useTenant();
  const labelId = useId();
  const hintId = useId();
  const dropTextId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [initial] = useState(() => initialFiles(props));
  const field = useUploadField({
    purpose,
    scope: props.resumeScope ?? purpose,
    multiple,
    maxBytes: uploadMaxBytes,
    initial,
  });
  const image = purpose === 'material_map';

  // Report finished uploads and the busy state whenever they change.
  const finished = finishedFiles(field.entries);
  const finishedKey = finished.map((file) => file.uploadId).join(',');
  const busy = isBusy(field.entries);
  const reported = useRef(initial.map((file) => file.uploadId).join(','));
  const latest = useRef(props);
  latest.current = props;
  useEffect(() => {
    if (reported.current === finishedKey) return;
    reported.current = finishedKey;
    const current = latest.current;
    if (current.multiple) current.onChange(finished);
    else current.onChange(finished[0] ?? null);
  }, [finishedKey, finished]);
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  const open = () => {
    if (!disabled) inputRef.current?.click();
  };
  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) field.addFiles([...event.dataTransfer.files]);
  };

  const extensions = uploadExtensions(purpose).join(', ');
  const hint = t('upload.hint', { types: extensions, size: formatBytes(uploadMaxBytes) });
  const shownPreview = image ? (finished[0]?.previewUrl ?? field.entries.at(-1)?.previewUrl ?? null) : null;
  const message = field.problem ?? error;
  const dropText = multiple
    ? t('upload.dropMany')
    : field.entries.length > 0
      ? t('upload.dropReplace')
      : t('upload.dropOne');

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      required={required}
      description={description}
      error={message}
      errorProps={{ role: 'alert' }}
    >
      <Stack gap="xs" mt={6}>
        {image && (
          <ImagePreview
            url={shownPreview ?? currentUrl ?? null}
            caption={shownPreview ? null : (currentCaption ?? null)}
            name={label}
          />
        )}
        {field.notices.map((notice) => (
          <Alert
            key={notice.uploadUrl}
            color="yellow"
            variant="light"
            radius="md"
            role="status"
            icon={<Icon name="alert" size={18} />}
            withCloseButton
            closeButtonLabel={t('upload.dismissFile', { name: notice.name })}
            onClose={() => field.dismissNotice(notice)}
            className={classes.notice}
          >
            <NoticeText notice={notice} />
          </Alert>
        ))}
        <button
          type="button"
          disabled={disabled}
          aria-labelledby={`${labelId} ${dropTextId}`}
          aria-describedby={hintId}
          className={classes.dropzone}
          data-dragging={dragging || undefined}
          data-invalid={message ? true : undefined}
          onClick={open}
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Icon name="upload" size={22} />
          <Text size="sm" component="span" id={dropTextId}>
            {dropText}{' '}
            <Text span size="sm" fw={600} c="brand" className={classes.browse}>
              {t('upload.browse')}
            </Text>
          </Text>
        </button>
        <input
          ref={inputRef}
          type="file"
          hidden
          tabIndex={-1}
          accept={uploadAccept(purpose)}
          multiple={multiple}
          disabled={disabled}
          data-upload-purpose={purpose}
          onChange={(event) => {
            field.addFiles([...(event.currentTarget.files ?? [])]);
            event.currentTarget.value = '';
          }}
        />
        <Text id={hintId} size="xs" c="dimmed">
          {hint}
        </Text>
        {field.entries.length > 0 && (
          <Stack component="ul" gap="xs" aria-label={t('upload.filesOf', { label })} className={classes.list}>
            {field.entries.map((entry) => (
              <li key={entry.id}>
                <UploadFileRow
                  entry={entry}
                  image={image}
                  disabled={disabled}
                  onPause={() => field.pause(entry.id)}
                  onResume={() => field.resume(entry.id)}
                  onCancel={() => field.remove(entry.id)}
                  onRetry={() => field.retry(entry.id)}
                />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
