import { CONTENT_CHANNEL_KIND } from '@meshport/contract';
import type { RealtimeService } from '#core/realtime/realtime.service.ts';

/**
 * The company's content channel (`contentChannel`): it names only which kinds of record changed,
 * what every member's calls may learn.
 */
export function registerContentChannel(realtime: RealtimeService): void {
  realtime.registerKind(CONTENT_CHANNEL_KIND, { access: 'member' });
}
