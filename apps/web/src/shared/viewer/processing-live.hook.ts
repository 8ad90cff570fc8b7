import type { ProcessingSubjectKind } from '@meshport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useProcessingEvents } from '@/lib/realtime/use-processing-events.hook.ts';
import { geometryEventsQueryKey, processingResource } from './geometry-events.api.ts';

/**
 * Keeps an open record live (content.md §4): on its channel's GeometryEventsUpdated, and on each
 * join (updates before it were missed), its detail query and its geometry events are fetched
 * again, so the status, the figures, the events and the viewer follow processing as it happens.
 */
export function useLiveProcessing(kind: ProcessingSubjectKind, id: number): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [processingResource(kind), 'detail'] });
    void queryClient.invalidateQueries({ queryKey: geometryEventsQueryKey(kind, id) });
  };
  useProcessingEvents(kind, { onUpdated: refresh, onJoined: refresh }, id);
}
