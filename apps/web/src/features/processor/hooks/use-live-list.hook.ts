import type { ProcessingSubjectKind } from '@meshport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { useProcessingEvents } from '@/lib/realtime/use-processing-events.hook.ts';
import { applyGeometryUpdate } from '../logic/processing-status.logic.ts';

const RESOURCES = { project_model: 'models', library_item: 'items' } as const;

/**
 * Keeps the kind's cached list pages live (content.md §4): GeometryEventsUpdated patches the card
 * in place without a request, RefreshProcessorIndex reloads the lists, and so does each join (updates
 * before it, or while the socket was away, were missed).
 */
export function useLiveList(kind: ProcessingSubjectKind): void {
  const client = useQueryClient();
  const resource = RESOURCES[kind];
  useProcessingEvents(kind, {
    onUpdated: (event) => {
      client.setQueriesData<{ data: readonly unknown[] }>({ queryKey: queryKey(resource, 'list') }, (page) =>
        applyGeometryUpdate(page, event),
      );
    },
    onRefresh: () => void client.invalidateQueries({ queryKey: queryKey(resource, 'list') }),
    onJoined: () => void client.invalidateQueries({ queryKey: queryKey(resource) }),
  });
}
