import {
  CONTENT_CHANGED_EVENT,
  type ContentChanged,
  companyChannel,
  contentChannel,
  GEOMETRY_EVENTS_UPDATED_EVENT,
  type GeometryEventsUpdated,
  REFRESH_PROCESSOR_INDEX_EVENT,
  type RefreshProcessorIndex,
  recordChannel,
  STATUS_COLORS,
} from '@meshport/contract';
import type { RealtimeService } from '#core/realtime/realtime.service.ts';
import type { RecordSnapshot } from './processing-state.ts';
import type { ProcessingSubject } from './processing-subject.ts';

/**
 * Tells browsers what processing did, on the private channels per company and kind and per record
 * (spec: content.md §4, events that reload the processor list or update a record's status and
 * latest message): each event small, after its commit.
 */
export class ProcessingPublisher {
  constructor(private readonly realtime: Pick<RealtimeService, 'emit'>) {}

  /** A status or latest-event change: the record's channel and its kind's list channel. */
  updated(companyId: number, subject: ProcessingSubject, record: RecordSnapshot): void {
    const event: GeometryEventsUpdated = {
      id: record.id,
      kind: subject.kind,
      status: record.status,
      status_color: STATUS_COLORS[record.status],
      started_at: record.started_at,
      finished_at: record.finished_at,
      latest_geometry_event: {
        message: record.message,
        step: record.step,
        message_code: record.message_code,
        message_params: record.message_params,
      },
    };
    this.realtime.emit(recordChannel(companyId, subject.channelKind, record.id), GEOMETRY_EVENTS_UPDATED_EVENT, event);
    this.realtime.emit(companyChannel(companyId, subject.channelKind), GEOMETRY_EVENTS_UPDATED_EVENT, event);
  }

  /** The list changed shape (a record added, removed, or a run ended): reload it. */
  refresh(companyId: number, subject: ProcessingSubject, id: number | null): void {
    this.realtime.emit(companyChannel(companyId, subject.channelKind), REFRESH_PROCESSOR_INDEX_EVENT, {
      id,
      kind: subject.kind,
    } satisfies RefreshProcessorIndex);
    this.realtime.emit(contentChannel(companyId), CONTENT_CHANGED_EVENT, {
      resources: [subject.resource],
    } satisfies ContentChanged);
  }
}
