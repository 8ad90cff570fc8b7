import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/api-client.ts';
import { Icon } from './icons.component.tsx';

/** Rows of grey bars while a panel loads (announced once as busy). */
export function SkeletonRows({ rows = 3, height = 20, label }: { rows?: number; height?: number; label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={height} radius="sm" />
      ))}
    </Stack>
  );
}

/** The text of a failed call: the server's message, 'No Response' without one. */
export function useErrorText(error: unknown): string {
  const { t } = useTranslation();
  if (error instanceof ApiError) {
    if (error.isNetworkError) return t('errors.noResponse');
    if (error.status === 403) return t('error.forbidden');
    return error.body.message ?? t('states.loadFailed');
  }
  return t('states.loadFailed');
}

/** An error inside a panel, with a retry. */
export function PanelError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const text = useErrorText(error);
  return (
    <Alert color="red" variant="light" icon={<Icon name="alert" />} title={t('states.loadFailed')} role="alert">
      <Group justify="space-between" gap="sm">
        {text !== t('states.loadFailed') ? <Text size="sm">{text}</Text> : <span />}
        {onRetry && (
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<Icon name="refresh" size={14} />}
            onClick={onRetry}
          >
            {t('actions.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** An empty panel's message. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm" py="sm">
      {children}
    </Text>
  );
}

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Shown while the first answer is on its way. */
  loading: ReactNode;
  /** Shown when the answer has nothing to show. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/** Loading skeleton, error with retry, empty text, or the content: the four states of every panel. */
export function QueryState<T>({ query, loading, empty, isEmpty, children }: QueryStateProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) return <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  if (empty !== undefined && isEmpty?.(query.data)) return empty;
  return children(query.data);
}
