import { Accordion, ActionIcon, Anchor, Button, Group, Modal, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { SHORT_BANNER_LIFE_MS, showBanner } from '@/shared/ui/banner.store.ts';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.component.tsx';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { PanelEmpty, PanelError, SkeletonRows, useErrorText } from '@/shared/ui/query-state.component.tsx';
import { useDeleteQuestion } from '../api/delete-faq-question.api.ts';
import { useFaqCategory } from '../api/get-faq-category.api.ts';
import { QuestionForm } from '../components/question-form.component.tsx';
import { initialQuestionValues } from '../logic/question-form.logic.ts';
import { parseRouteId } from '../logic/route-id.logic.ts';

interface Question {
  id: number;
  question: string;
  answer: string;
}

/** /faq/{categoryId}: the category's questions as an accordion; admins edit and delete them. */
export function FaqCategoryPage() {
  const { t } = useTranslation('support');
  const admin = useCurrentUser().admin;
  const id = parseRouteId(useParams().categoryId);
  const query = useFaqCategory(id);
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<Question | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  if (id === null) throw new ApiError(404, { message: 'No such category.' });
  if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404)) {
    throw query.error;
  }

  const confirmDelete = async () => {
    if (!deleting) return;
    setFailure(null);
    try {
      await remove.mutateAsync(deleting.id);
      showBanner({ kind: 'success', text: t('faq.questionDeleted'), life: SHORT_BANNER_LIFE_MS });
    } catch (error) {
      setFailure(error);
    }
    setDeleting(null);
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.support.faq.list()} size="sm" w="fit-content">
          {t('faq.backToList')}
        </Anchor>
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Title order={1}>{query.data?.name ?? t('faq.title')}</Title>
          {admin && (
            <Button component={Link} to={`${paths.support.faq.create()}?category=${id}`}>
              {t('faq.addQuestion')}
            </Button>
          )}
        </Group>
      </Stack>
      {failure !== null && (
        <Text c="red" role="alert" size="sm">
          {failureText}
        </Text>
      )}
      {query.isPending ? (
        <SkeletonRows rows={4} height={40} label={t('faq.loading')} />
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.questions.length === 0 ? (
        <PanelEmpty>{t('faq.noQuestions')}</PanelEmpty>
      ) : (
        <Accordion variant="separated" radius="md" multiple>
          {query.data.questions.map((question) => (
            <Accordion.Item key={question.id} value={String(question.id)}>
              <Group gap={4} wrap="nowrap" pr="xs">
                <Accordion.Control style={{ flex: 1 }}>
                  <Text fw={500}>{question.question}</Text>
                </Accordion.Control>
                {admin && (
                  <>
                    <Tooltip label={t('faq.editQuestion')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('faq.editQuestion')}
                        onClick={() => setEditing(question)}
                      >
                        <Icon name="edit" size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('faq.deleteQuestion')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('faq.deleteQuestion')}
                        onClick={() => setDeleting(question)}
                      >
                        <Icon name="trash" size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </>
                )}
              </Group>
              <Accordion.Panel>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {question.answer}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('faq.editQuestion')}
        size="lg"
        centered
      >
        {editing && (
          <QuestionForm
            questionId={editing.id}
            initial={initialQuestionValues(editing, id)}
            onSaved={() => {
              setEditing(null);
              showBanner({ kind: 'success', text: t('faq.questionUpdated'), life: SHORT_BANNER_LIFE_MS });
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        text={t('faq.confirmDeleteQuestion')}
        danger
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
