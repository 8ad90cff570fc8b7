import { defineEndpoint } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { activityText } from './activity-log.ts';

const write = (init: { method?: 'POST' | 'PATCH' | 'DELETE' | 'GET'; summary?: string; activity?: string | false }) =>
  defineEndpoint({
    method: init.method ?? 'PATCH',
    path: '/things/:id',
    summary: init.summary ?? 'Changes a thing (also POST with _method=PATCH); labels replace the current ones',
    tags: ['things'],
    answer: z.object({}),
    ...(init.activity === undefined ? {} : { activity: init.activity }),
  });

describe('activityText', () => {
  it('names a member write by its summary and the record, or by its own text with placeholders', () => {
    expect(activityText(write({}), 'member', { id: 12 })).toBe('Changes a thing (12)');
    expect(activityText(write({ method: 'DELETE', summary: 'Moves a thing to the bin' }), 'member', {})).toBe(
      'Moves a thing to the bin',
    );
    expect(activityText(write({ activity: 'Renamed thing {id} from {missing}' }), 'member', { id: 4 })).toBe(
      'Renamed thing 4 from {missing}',
    );
    // Parameters are text the member chose: control and format characters go, length is capped.
    const odd = activityText(write({}), { permission: 'update-projects' }, { id: `a\u0000b\u202e${'x'.repeat(300)}` });
    expect(odd).toBe(`Changes a thing (ab${'x'.repeat(98)})`);
  });

  it('logs no reads, no calls outside a membership, and no quiet calls', () => {
    expect(activityText(write({ method: 'GET' }), 'member', {})).toBeNull();
    for (const access of ['public', 'signed-in'] as const) expect(activityText(write({}), access, {})).toBeNull();
    expect(activityText(write({ activity: false }), 'member', {})).toBeNull();
    const marked = write({ summary: 'Marks a thing read' });
    const quiet = [{ endpoints: [marked] }, { tags: ['tus'] }];
    expect(activityText(marked, 'member', { id: 1 }, quiet)).toBeNull();
    expect(activityText(marked, 'member', { id: 1 })).toBe('Marks a thing read (1)');
    expect(activityText({ ...write({}), tags: ['tus'] }, 'member', {}, quiet)).toBeNull();
    expect(activityText(write({}), 'admin', { id: 1 })).toBe('Changes a thing (1)');
  });
});
