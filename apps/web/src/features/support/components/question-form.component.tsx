import { Alert, Button, Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { faqQuestionSaveSchema } from '@meshport/contract';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, formResolver, maxLengthOf, requiredMessage, TextField } from '@/shared/forms/index.ts';
import { useErrorText } from '@/shared/ui/query-state.component.tsx';
import { useFaqCategoryChoices } from '../api/get-faq-category-choices.api.ts';
import { useSaveQuestion } from '../api/save-faq-question.api.ts';
import {
  type QuestionFormValues,
  questionBody,
  questionErrorField,
  questionFormSchema,
} from '../logic/question-form.logic.ts';

interface QuestionFormProps {
  /** The question being changed, or null for a new one. */
  questionId: number | null;
  initial: QuestionFormValues;
  /** After a save: the category the question is now in. */
  onSaved: (categoryId: number) => void;
  onCancel: () => void;
}

/** The FAQ question form (admins): a category picked or named new, the question and its answer. */
export function QuestionForm({ questionId, initial, onSaved, onCancel }: QuestionFormProps) {
  const { t } = useTranslation('support');
  const categories = useFaqCategoryChoices();
  const save = useSaveQuestion();
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const { control, handleSubmit, setError, register, formState } = useForm<QuestionFormValues>({
    defaultValues: initial,
    resolver: formResolver(questionFormSchema, requiredMessage(t('errors.required'))),
  });
  const mode = useWatch({ control, name: 'categoryMode' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: questionId, body: questionBody(values) });
      onSaved(saved.category.id);
    } catch (error) {
      const placed = applyServerErrors(error, (key) => questionErrorField(key, values.categoryMode), setError, '');
      if (placed.fields.length === 0) setFailure(error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('faq.form.label')}>
      <Stack gap="md" maw={720}>
        {failure !== null && (
          <Alert color="red" role="alert">
            {failureText}
          </Alert>
        )}
        <Controller
          control={control}
          name="categoryMode"
          render={({ field }) => (
            <Radio.Group label={t('faq.form.categoryMode')} value={field.value} onChange={field.onChange}>
              <Group gap="lg" mt={4}>
                <Radio value="existing" label={t('faq.form.existingCategory')} />
                <Radio value="new" label={t('faq.form.newCategory')} />
              </Group>
            </Radio.Group>
          )}
        />
        {mode === 'existing' ? (
          <Controller
            control={control}
            name="categoryId"
            render={({ field, fieldState }) => (
              <Select
                label={t('faq.form.category')}
                required
                searchable
                data={(categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
                disabled={categories.isPending}
              />
            )}
          />
        ) : (
          <TextInput
            label={t('faq.form.categoryName')}
            required
            maxLength={maxLengthOf(faqQuestionSaveSchema.shape.category_name)}
            error={formState.errors.categoryName?.message}
            {...register('categoryName')}
          />
        )}
        <TextField
          control={control}
          name="question"
          label={t('faq.form.question')}
          required
          maxLength={maxLengthOf(faqQuestionSaveSchema.shape.question)}
        />
        <TextField
          control={control}
          name="answer"
          label={t('faq.form.answer')}
          required
          multiline
          maxLength={maxLengthOf(faqQuestionSaveSchema.shape.answer)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('faq.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
