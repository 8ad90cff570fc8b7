import { Alert, Card, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordEditPage } from '@/shared/ui/record-pages.component.tsx';

export { ListPage as SecurityListPage, useIdParam } from '@/shared/ui/record-pages.component.tsx';

/** An edit screen of this area, with its 'Loading existing data...'. */
export function SecurityEditPage<T>(props: {
  title: string;
  query: UseQueryResult<T>;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation('security');
  return <RecordEditPage {...props} loadingText={t('form.loading')} />;
}

/** The card every security form sits in, with the failure that no field took. */
export function FormCard({ failure, children }: { failure: string | null; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md" maw={720}>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        {children}
      </Stack>
    </Card>
  );
}
