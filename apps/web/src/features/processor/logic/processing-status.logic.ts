import type { GeometryEventsUpdated } from '@meshport/contract';
import type { StoredMessage } from '@/lib/i18n/processing-message.ts';
import { elapsedMs, isRunning } from '@/shared/ui/elapsed.logic.ts';

/** A model row's `status` is the text, or `{finished}` when the picker asks for that instead. */
export function statusText(status: string | { finished: boolean }): string {
  return typeof status === 'string' ? status : status.finished ? 'FINISHED' : 'PROCESSING';
}

/** The card shows the latest event message while processing, and why it ended otherwise. */
export const showsMessage = (status: string) =>
  status === 'PROCESSING' || status === 'FAILED' || status === 'CANCELLED';

export interface ProcessingTimes {
  status: string;
  started_at: string | null;
  finished_at: string | null;
}

/**
 * The card's clock: finished minus started, or a running clock while on its way; null before the
 * start, and for a run that ended without a finish time.
 */
export function cardElapsed(row: ProcessingTimes, now: number): number | null {
  if (!row.finished_at && !isRunning(row.status)) return null;
  return elapsedMs(row.started_at, row.finished_at, now);
}

interface LiveRow {
  id: number;
  status: unknown;
  status_color: string;
  started_at: string | null;
  finished_at: string | null;
  latest_geometry_event: StoredMessage;
}

/**
 * A GeometryEventsUpdated applied to one cached list page: the row with the event's id takes its
 * status, colour, times and latest message. The same page comes back when no row matched.
 */
export function applyGeometryUpdate<P extends { data: readonly unknown[] }>(
  page: P | undefined,
  event: GeometryEventsUpdated,
): P | undefined {
  if (!page || !Array.isArray(page.data)) return page;
  let changed = false;
  const data = page.data.map((entry) => {
    const row = entry as LiveRow;
    if (typeof row !== 'object' || row === null || row.id !== event.id) return entry;
    changed = true;
    return {
      ...row,
      status: event.status,
      status_color: event.status_color,
      started_at: event.started_at,
      finished_at: event.finished_at,
      latest_geometry_event: {
        ...row.latest_geometry_event,
        message: event.latest_geometry_event.message,
        message_code: event.latest_geometry_event.message_code ?? null,
        message_params: event.latest_geometry_event.message_params ?? null,
      },
    };
  });
  return changed ? { ...page, data } : page;
}
