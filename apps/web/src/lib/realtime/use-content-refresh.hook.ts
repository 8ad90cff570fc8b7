import {
  CONTENT_CHANGED_EVENT,
  CONTENT_RESOURCES,
  type ContentChanged,
  type ContentResource,
  contentChannel,
} from '@meshport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTenant } from '../session/tenant.context.ts';
import { useChannelEvent } from './realtime.context.tsx';

/** The resources of an event that are known here; anything else in it is ignored. */
export function changedResources(payload: unknown): ContentResource[] {
  const resources = (payload as Partial<ContentChanged> | null)?.resources;
  if (!Array.isArray(resources)) return [];
  return resources.filter((resource): resource is ContentResource =>
    (CONTENT_RESOURCES as readonly string[]).includes(resource),
  );
}

/**
 * Issue 10 item 9: a write by another user of the company refreshes the open lists. Joins the
 * company's content channel and, per resource of each event, refetches every query whose key
 * starts with it. Each confirmed join refreshes every content query there is: a write between a
 * list's read and the join (the first one too: a list often answers before the socket has joined)
 * or while the socket was away sent its event to nobody here.
 */
export function useContentRefresh(): void {
  const { company } = useTenant();
  const queryClient = useQueryClient();
  useChannelEvent<ContentChanged>(
    company ? contentChannel(company.id) : null,
    CONTENT_CHANGED_EVENT,
    (payload) => {
      for (const resource of changedResources(payload)) void queryClient.invalidateQueries({ queryKey: [resource] });
    },
    () => {
      for (const resource of CONTENT_RESOURCES) void queryClient.invalidateQueries({ queryKey: [resource] });
    },
  );
}

/** Mount once in the signed-in frame. */
export function ContentRefresh(): null {
  useContentRefresh();
  return null;
}
