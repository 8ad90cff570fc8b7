import { Anchor, Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { SHORT_BANNER_LIFE_MS, showBanner, TOAST_DELAY_MS } from '@/shared/ui/banner.store.ts';
import { QuestionForm } from '../components/question-form.component.tsx';
import { initialQuestionValues } from '../logic/question-form.logic.ts';
import { parseRouteId } from '../logic/route-id.logic.ts';

/** /faq/create (admins): a new question in a chosen or new category; saved, it opens that category. */
export function FaqCreatePage() {
  const { t } = useTranslation('support');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const categoryId = parseRouteId(search.get('category') ?? undefined);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.support.faq.list()} size="sm" w="fit-content">
          {t('faq.backToList')}
        </Anchor>
        <Title order={1}>{t('faq.new')}</Title>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        <QuestionForm
          questionId={null}
          initial={initialQuestionValues(undefined, categoryId)}
          onSaved={(savedCategory) => {
            showBanner({
              kind: 'success',
              text: t('faq.questionCreated'),
              delay: TOAST_DELAY_MS,
              life: SHORT_BANNER_LIFE_MS,
            });
            void navigate(paths.support.faq.category(savedCategory));
          }}
          onCancel={() => void navigate(paths.support.faq.list())}
        />
      </Card>
    </Stack>
  );
}
