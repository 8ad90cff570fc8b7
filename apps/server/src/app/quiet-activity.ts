import type { QuietCalls } from '#core/http/activity-log.ts';
import { notificationQuietCalls } from '#modules/account/notifications/notification.routes.ts';
import { uploadQuietCalls } from '#modules/processing/uploads/upload.routes.ts';

/** The writes each module says leave no entry in a member's activity (activity-log.ts). */
export const QUIET_ACTIVITY: readonly QuietCalls[] = [notificationQuietCalls, uploadQuietCalls];
