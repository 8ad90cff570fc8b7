import { Alert, Button, Card, Group, MultiSelect, Select, Stack, Text, Title } from '@mantine/core';
import type { IssueSeverity } from '@meshport/contract';
import { issueReportSaveSchema } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, formResolver, maxLengthOf, requiredMessage, TextField } from '@/shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useSubmitIssueReport } from '../api/submit-issue-report.api.ts';
import { productOptions, productsMap, severityOptions } from '../logic/report-labels.logic.ts';

interface IssueFormValues {
  products: string[];
  severity: IssueSeverity | null;
  title: string;
  description: string;
}

const EMPTY: IssueFormValues = { products: [], severity: null, title: '', description: '' };
const FIELDS = ['products', 'severity', 'title', 'description'] as const;

/** /issue_report: any signed-in member reports an issue (products, severity, title, description). */
export function IssueReportPage() {
  const { t } = useTranslation('support');
  const submitReport = useSubmitIssueReport();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<IssueFormValues>({
    defaultValues: EMPTY,
    resolver: formResolver(issueReportSaveSchema, requiredMessage(t('errors.required'))),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await submitReport.mutateAsync({
        products: productsMap(values.products),
        severity: values.severity as IssueSeverity,
        title: values.title,
        description: values.description,
      });
      reset(EMPTY);
      showBanner({ kind: 'success', text: t('issue.sent'), delay: TOAST_DELAY_MS, life: SHORT_BANNER_LIFE_MS });
    } catch (error) {
      setFailure(applyServerErrors(error, FIELDS, setError, t('errors.saveFailed')).message);
    }
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('issue.formTitle')}</Title>
        <Text c="dimmed">{t('issue.intro')}</Text>
      </Stack>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('issue.formTitle')}>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md" maw={640}>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Controller
              control={control}
              name="products"
              render={({ field, fieldState }) => (
                <MultiSelect
                  label={t('issue.products')}
                  required
                  data={productOptions(t)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  clearable
                />
              )}
            />
            <Controller
              control={control}
              name="severity"
              render={({ field, fieldState }) => (
                <Select
                  label={t('issue.severity')}
                  required
                  data={severityOptions(t)}
                  value={field.value}
                  onChange={(value) => field.onChange(value as IssueSeverity | null)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                />
              )}
            />
            <TextField
              control={control}
              name="title"
              label={t('issue.title')}
              required
              maxLength={maxLengthOf(issueReportSaveSchema.shape.title)}
            />
            <TextField
              control={control}
              name="description"
              label={t('issue.description')}
              multiline
              maxLength={maxLengthOf(issueReportSaveSchema.shape.description)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={submitReport.isPending}>
                {t('issue.submit')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
    </Stack>
  );
}
