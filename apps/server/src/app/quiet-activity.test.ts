import { notificationEndpoints, uploadEndpoints } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { activityText } from '#core/http/activity-log.ts';
import { QUIET_ACTIVITY } from './quiet-activity.ts';

describe('quiet activity, as the modules declare it', () => {
  it('logs no entry for marking notifications read or for the calls of an upload', () => {
    expect(activityText(notificationEndpoints.readAll, 'member', {}, QUIET_ACTIVITY)).toBeNull();
    expect(activityText(notificationEndpoints.mark, 'member', { id: 1 }, QUIET_ACTIVITY)).toBeNull();
    for (const endpoint of Object.values(uploadEndpoints)) {
      expect(activityText(endpoint, 'member', { id: 1 }, QUIET_ACTIVITY)).toBeNull();
    }
  });
});
