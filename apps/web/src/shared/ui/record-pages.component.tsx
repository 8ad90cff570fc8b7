import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { PanelError, SkeletonRows } from './query-state.component.tsx';

/** A list screen: its heading, the New button when the user may create (`newPath` set), and the list. */
export function ListPage({
  title,
  newLabel,
  newPath,
  children,
}: {
  title: string;
  newLabel?: string;
  /** Null or absent when the user may not create. */
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

/**
 * A record that is not there or not the user's (404 or 403) is handed to the route's error
 * boundary, which says so inside the frame with a way back to the list (issue 31).
 */
export function throwIfMissing(query: Pick<UseQueryResult, 'error' | 'isFetching'>): void {
  const { error } = query;
  // A cached 404 being fetched again (the record renamed back) waits for the new answer.
  if (query.isFetching) return;
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) throw error;
}

/** An address that names no record at all (not a number, say): the same not-found as a 404. */
export function throwRecordMissing(): never {
  throw new ApiError(404, { message: 'No such record.' });
}

/** An edit screen: `loadingText` ('Loading existing data...') until the record is read, a missing record to the
 * route's not-found, the error with retry, then the form. */
export function RecordEditPage<T>({
  title,
  query,
  loadingText,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  loadingText: string;
  children: (record: T) => ReactNode;
}) {
  throwIfMissing(query);
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      {query.isPending ? (
        <Stack gap="md">
          <Text c="dimmed">{loadingText}</Text>
          <SkeletonRows rows={4} height={36} label={loadingText} />
        </Stack>
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}
