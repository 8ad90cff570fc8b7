import { USER_CHANNEL_KIND } from '@meshport/contract';
import type { RealtimeService } from '#core/realtime/realtime.service.ts';

/**
 * A user's own channel (their notifications, `userChannel`): only that account joins it, as a
 * member of the company holding a licence for the host's platform, what the notification calls ask.
 */
export function registerNotificationChannels(realtime: RealtimeService): void {
  realtime.registerKind(USER_CHANNEL_KIND, { access: 'member', ownAccount: true });
}
