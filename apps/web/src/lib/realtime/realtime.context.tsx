import { createContext, type ReactNode, useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { reportError } from '../error-reporting.ts';
import { RealtimeConnection } from './realtime-connection.ts';
import type { RealtimeState } from './realtime-state.ts';

const RealtimeContext = createContext<RealtimeConnection | null>(null);

/** One realtime connection for the signed-in frame, opened on mount and closed on unmount (sign-out). */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [connection] = useState(
    () =>
      new RealtimeConnection({
        onSubscribeRefused: (channel, ack) => {
          if (!ack.ok) reportError(new Error(`realtime channel ${channel} refused: ${ack.status} ${ack.message}`));
        },
      }),
  );
  useEffect(() => {
    connection.connect();
    return () => connection.disconnect();
  }, [connection]);
  return <RealtimeContext.Provider value={connection}>{children}</RealtimeContext.Provider>;
}

function useConnection(): RealtimeConnection {
  const connection = useContext(RealtimeContext);
  if (!connection) throw new Error('realtime hooks outside RealtimeProvider');
  return connection;
}

/** The connection's state and a manual retry. */
export function useRealtime(): { state: RealtimeState; retry: () => void } {
  const connection = useConnection();
  const state = useSyncExternalStore(
    (listener) => connection.onStateChange(listener),
    () => connection.getState(),
  );
  return { state, retry: () => connection.retry() };
}

/**
 * Joins a private channel while mounted and calls `handler` on `event`. `channel` null waits
 * (e.g. until the company is known). The latest handler is always used. `onJoined` runs each
 * time the join is confirmed (first, and after a reconnect) to reload what events may have missed.
 */
export function useChannelEvent<T>(
  channel: string | null,
  event: string,
  handler: (payload: T) => void,
  onJoined?: () => void,
): void {
  const connection = useConnection();
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  const joinedRef = useRef(onJoined);
  joinedRef.current = onJoined;
  useEffect(() => {
    if (!channel) return;
    const leave = connection.subscribe(channel, () => joinedRef.current?.());
    const off = connection.on(event, (payload) => handlerRef.current(payload as T));
    return () => {
      off();
      leave();
    };
  }, [connection, channel, event]);
}
