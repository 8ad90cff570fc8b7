import { Alert, Button, Card, Group, Input, Rating, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { FEEDBACK_RATING_MAX, feedbackReportSaveSchema } from '@meshport/contract';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, formResolver, maxLengthOf, TextField } from '@/shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { useSubmitFeedbackReport } from '../api/submit-feedback-report.api.ts';

interface FeedbackFormValues {
  rating: number;
  comment: string;
}

const EMPTY: FeedbackFormValues = { rating: 0, comment: '' };

/**
 * /feedback_report: any signed-in member rates the portal from 1 to 5 stars. The stars are a
 * radio group (arrow keys move, each star is named by its count).
 */
export function FeedbackReportPage() {
  const { t } = useTranslation('support');
  const labelId = useId();
  const theme = useMantineTheme();
  const submitFeedback = useSubmitFeedbackReport();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<FeedbackFormValues>({
    defaultValues: EMPTY,
    resolver: formResolver(feedbackReportSaveSchema, (field) =>
      field === 'rating' ? t('feedback.ratingRequired') : undefined,
    ),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await submitFeedback.mutateAsync({ rating: values.rating, comment: values.comment });
      reset(EMPTY);
      showBanner({ kind: 'success', text: t('feedback.sent'), delay: TOAST_DELAY_MS, life: SHORT_BANNER_LIFE_MS });
    } catch (error) {
      setFailure(applyServerErrors(error, ['rating', 'comment'], setError, t('errors.saveFailed')).message);
    }
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('feedback.formTitle')}</Title>
        <Text c="dimmed">{t('feedback.intro')}</Text>
      </Stack>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('feedback.formTitle')}>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md" maw={640}>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Controller
              control={control}
              name="rating"
              render={({ field, fieldState }) => (
                <Input.Wrapper
                  label={t('feedback.rating')}
                  labelProps={{ id: labelId }}
                  required
                  error={fieldState.error?.message}
                >
                  <Rating
                    role="radiogroup"
                    aria-labelledby={labelId}
                    aria-required
                    count={FEEDBACK_RATING_MAX}
                    size="xl"
                    color={theme.primaryColor}
                    value={field.value}
                    onChange={field.onChange}
                    getSymbolLabel={(value) => t('stars', { count: value })}
                    name={field.name}
                  />
                </Input.Wrapper>
              )}
            />
            <TextField
              control={control}
              name="comment"
              label={t('feedback.comment')}
              multiline
              maxLength={maxLengthOf(feedbackReportSaveSchema.shape.comment)}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={submitFeedback.isPending}>
                {t('feedback.submit')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
    </Stack>
  );
}
