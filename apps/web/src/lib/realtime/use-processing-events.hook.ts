import {
  companyChannel,
  GEOMETRY_EVENTS_UPDATED_EVENT,
  type GeometryEventsUpdated,
  PROCESSING_CHANNEL_KINDS,
  type ProcessingSubjectKind,
  REFRESH_PROCESSOR_INDEX_EVENT,
  type RefreshProcessorIndex,
  recordChannel,
} from '@meshport/contract';
import { useTenant } from '../session/tenant.context.ts';
import { useChannelEvent } from './realtime.context.tsx';

export interface ProcessingEventHandlers {
  /** A record's status, times or latest event message changed. */
  onUpdated?(event: GeometryEventsUpdated): void;
  /** The kind's list changed shape (kind channel only; never on a record channel). */
  onRefresh?(event: RefreshProcessorIndex): void;
  /** The channel was joined (first, or again after a reconnect): events before it were missed, reload. */
  onJoined?(): void;
}

/** The channel of a kind (`private-company.{id}.ProjectModel`) or of one record (`….ProjectModel.{recordId}`). */
export function processingChannel(
  companyId: number | null | undefined,
  kind: ProcessingSubjectKind,
  recordId?: number,
): string | null {
  if (companyId === null || companyId === undefined) return null;
  const channelKind = PROCESSING_CHANNEL_KINDS[kind];
  return recordId === undefined
    ? companyChannel(companyId, channelKind)
    : recordChannel(companyId, channelKind, recordId);
}

/**
 * Whether an event belongs to this subscription. Event handlers of the connection hear every
 * joined channel, so a record subscription keeps its own id only; a payload that names its kind
 * (`kind`) is kept only for that kind.
 */
export function isOwnEvent(payload: unknown, kind: ProcessingSubjectKind, recordId?: number): boolean {
  if (typeof payload !== 'object' || payload === null) return false;
  const { id, kind: payloadKind } = payload as { id?: unknown; kind?: unknown };
  if (payloadKind !== undefined && payloadKind !== kind) return false;
  return recordId === undefined || id === recordId;
}

/**
 * Live processing updates (content.md §4): joins the company's channel of `kind`, or the channel
 * of one record when `recordId` is given, while mounted. The latest handlers are always used.
 * `onJoined` runs on every confirmed join, the first one too: an update between the page's read and the join
 * (or while the socket was away) reached nobody here.
 */
export function useProcessingEvents(
  kind: ProcessingSubjectKind,
  handlers: ProcessingEventHandlers,
  recordId?: number,
): void {
  const { company } = useTenant();
  const channel = processingChannel(company?.id, kind, recordId);

  useChannelEvent<GeometryEventsUpdated>(
    channel,
    GEOMETRY_EVENTS_UPDATED_EVENT,
    (event) => {
      if (isOwnEvent(event, kind, recordId)) handlers.onUpdated?.(event);
    },
    () => handlers.onJoined?.(),
  );
  useChannelEvent<RefreshProcessorIndex>(channel, REFRESH_PROCESSOR_INDEX_EVENT, (event) => {
    if (recordId === undefined && isOwnEvent(event, kind)) handlers.onRefresh?.(event);
  });
}
