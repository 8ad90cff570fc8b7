import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api/api-client.ts';
import { ForbiddenView } from '../../../shared/ui/forbidden.view.tsx';
import { PanelError, SkeletonRows } from '../../../shared/ui/query-state.component.tsx';

/** A tools list screen: its heading, the New button when allowed, and the list. */
export function ToolListPage({
  title,
  newLabel,
  newPath,
  children,
}: {
  title: string;
  newLabel?: string;
  /** Null when the user may not create. */
  newPath?: string | null;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Title order={1}>{title}</Title>
        {newPath && newLabel && (
          <Button component={Link} to={newPath}>
            {newLabel}
          </Button>
        )}
      </Group>
      {children}
    </Stack>
  );
}

/** The `:id` of the route as a number (0 when absent or not a number: the server answers 404). */
export function useIdParam(): number {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/** An edit screen: 'Loading existing data...' until the record is read, Forbidden on 403, the error with retry. */
export function ToolEditPage<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation('tools');
  if (query.error instanceof ApiError && query.error.status === 403) return <ForbiddenView />;
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {query.isPending ? (
        <Stack gap="md">
          <Text c="dimmed">{t('form.loading')}</Text>
          <SkeletonRows rows={3} height={36} label={t('form.loading')} />
        </Stack>
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
