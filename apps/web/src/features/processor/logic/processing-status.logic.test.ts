import type { GeometryEventsUpdated } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { canCancel, canReprocess } from '@/shared/viewer/processing-run.api.ts';
import { applyGeometryUpdate, cardElapsed, statusText } from './processing-status.logic.ts';

const event: GeometryEventsUpdated = {
  id: 2,
  kind: 'project_model',
  status: 'PROCESSING',
  status_color: '#1c7ed6',
  started_at: '2026-01-01T10:00:00Z',
  finished_at: null,
  latest_geometry_event: { message: 'Converting to glTF', step: 'convert' },
};

const row = (id: number) => ({
  id,
  name: `m${id}`,
  status: 'QUEUED',
  status_color: '#868e96',
  started_at: null,
  finished_at: null,
  latest_geometry_event: { message: null },
});

describe('processing status', () => {
  it('offers Reprocess when FINISHED and Cancel while queued or processing', () => {
    expect(canReprocess('FINISHED')).toBe(true);
    expect(canReprocess('FAILED')).toBe(false);
    expect(canCancel('QUEUED')).toBe(true);
    expect(canCancel('PROCESSING')).toBe(true);
    expect(canCancel('FINISHED')).toBe(false);
    expect(statusText({ finished: true })).toBe('FINISHED');
    expect(statusText('FAILED')).toBe('FAILED');
  });

  it('runs the clock while on its way, stops it at the finish, and shows none for an unfinished end', () => {
    const now = Date.parse('2026-01-01T10:00:42Z');
    expect(cardElapsed({ status: 'PROCESSING', started_at: '2026-01-01T10:00:00Z', finished_at: null }, now)).toBe(
      42_000,
    );
    expect(
      cardElapsed({ status: 'FINISHED', started_at: '2026-01-01T10:00:00Z', finished_at: '2026-01-01T10:00:05Z' }, now),
    ).toBe(5_000);
    expect(cardElapsed({ status: 'QUEUED', started_at: null, finished_at: null }, now)).toBeNull();
    expect(cardElapsed({ status: 'FAILED', started_at: '2026-01-01T10:00:00Z', finished_at: null }, now)).toBeNull();
  });

  it('updates the matching card of a cached page in place', () => {
    const page = { data: [row(1), row(2)], meta: { total: 2 } };
    const next = applyGeometryUpdate(page, event);
    expect(next).not.toBe(page);
    expect(next?.data[0]).toBe(page.data[0]);
    expect(next?.data[1]).toEqual({
      ...row(2),
      status: 'PROCESSING',
      status_color: '#1c7ed6',
      started_at: '2026-01-01T10:00:00Z',
      latest_geometry_event: { message: 'Converting to glTF', message_code: null, message_params: null },
    });
    expect(next?.meta).toBe(page.meta);
  });

  it("takes a failure's message code and parameters with its text, so that the card shows it translated", () => {
    const failed: GeometryEventsUpdated = {
      ...event,
      status: 'FAILED',
      latest_geometry_event: {
        message: 'The file is FBX 6.1, …',
        step: 'inspect',
        message_code: 'fbxTooOld',
        message_params: { version: '6.1' },
      },
    };
    const next = applyGeometryUpdate({ data: [row(2)] }, failed);
    expect(next?.data[0]?.latest_geometry_event).toEqual({
      message: 'The file is FBX 6.1, …',
      message_code: 'fbxTooOld',
      message_params: { version: '6.1' },
    });
  });

  it('leaves a page without the record (and no page) as it was', () => {
    const page = { data: [row(1)] };
    expect(applyGeometryUpdate(page, event)).toBe(page);
    expect(applyGeometryUpdate(undefined, event)).toBeUndefined();
  });
});
