import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api/api-client.ts';
import { ForbiddenView } from '../../../shared/ui/forbidden.view.tsx';
import { PanelError, SkeletonRows } from '../../../shared/ui/query-state.component.tsx';

/** A security list screen: heading, the New button when allowed, the list. */
export function SecurityListPage({
  title,
  newLabel,
  newPath,
  children,
}: {
  title: string;
  newLabel: string;
  /** Null when the user may not create. */
  newPath: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Title order={1}>{title}</Title>
        {newPath && (
          <Button component={Link} to={newPath}>
            {newLabel}
          </Button>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/** The `:id` of the route (0 when absent or not a number: the server answers 404). */
export function useIdParam(): number {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** An edit screen: 'Loading existing data...' until the record is read, Forbidden on 403, the error with retry. */
export function SecurityEditPage<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation('security');
  if (query.error instanceof ApiError && query.error.status === 403) return <ForbiddenView />;
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {query.isPending ? (
        <Stack gap="md">
          <Text c="dimmed">{t('form.loading')}</Text>
          <SkeletonRows rows={4} height={36} label={t('form.loading')} />
        </Stack>
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
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
