import { Button, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTE_PATTERNS } from '@/lib/paths/paths.ts';
import { FullPage } from '@/shared/ui/full-page.component.tsx';
import { Icon } from '@/shared/ui/icons.component.tsx';
import type { RecordRoute } from '../router/record-routes.config.ts';
import { ROUTES } from '../router/route-table.config.ts';

/**
 * A record that does not exist or is not the user's (issue 31): said inside the frame, in one
 * sentence that does not tell which of the two, with a way back to the record's list.
 */
export function RecordNotFoundView({ record }: { record: RecordRoute }) {
  const { t } = useTranslation();
  const listTitle = ROUTES.find((route) => route.id === record.list)?.title;
  return (
    <FullPage>
      <Title order={1} size="h2">
        {t(`recordNotFound.${record.kind}`)}
      </Title>
      <Text c="dimmed">{t('recordNotFound.hint')}</Text>
      <Button component={Link} to={ROUTE_PATTERNS[record.list]} leftSection={<Icon name="chevronLeft" size={16} />}>
        {t('recordNotFound.backTo', { list: listTitle ? t(listTitle) : '' })}
      </Button>
    </FullPage>
  );
}
