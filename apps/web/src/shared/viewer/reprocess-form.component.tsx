import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type ProcessingSubjectKind, placementFieldsSchema } from '@meshport/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  applyServerErrors,
  formResolver,
  type PlacedRecord,
  PlacementFields,
  type PlacementValues,
  placementBody,
  placementValues,
} from '../forms/index.ts';
import { reprocess } from './reprocess.api.ts';

/** A model or item as the reprocess form needs it: its name, and the units and up axis it has. */
export interface ReprocessRecord extends PlacedRecord {
  id: number;
  name: string;
}

export interface ReprocessFormProps {
  kind: ProcessingSubjectKind;
  record: ReprocessRecord;
  onCancel: () => void;
  /** After the server took it: the caller says so and refreshes. */
  onDone: () => void;
}

/** The fields that a 422 of the reprocess call can name. */
const SERVER_FIELDS = ['units', 'up_axis'] as const;

/**
 * Reprocess as a small form: the warning that the geometry is overwritten, then units and up axis
 * as the record has them (decision 0037), which the reprocess sends and the record keeps.
 */
export function ReprocessForm({ kind, record, onCancel, onDone }: ReprocessFormProps) {
  const { t } = useTranslation('processor');
  const { t: tCommon } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PlacementValues>({
    defaultValues: placementValues(record),
    // The contract's own texts name the allowed values, so no locale text replaces them.
    resolver: formResolver(placementFieldsSchema, () => undefined),
  });
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await reprocess(kind, record.id, placementBody(values));
      onDone();
    } catch (error) {
      setFailure(applyServerErrors(error, SERVER_FIELDS, form.setError, t('messages.actionFailed')).message);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Text size="sm">{t('confirm.reprocess', { name: record.name })}</Text>
        <PlacementFields control={form.control} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting} data-autofocus>
            {tCommon('resourceList.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('actions.reprocess')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
