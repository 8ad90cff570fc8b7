import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';
import { guardConnectionLoss } from '#core/db/connection-loss-guard.ts';

/** The message by which a process hands an event to the others, which write it to their own sockets. */
export const FAN_OUT = 'meshport:fan-out';

export type RealtimeLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/**
 * Joins a Socket.IO server to the other server processes through PostgreSQL (LISTEN/NOTIFY):
 * each `FAN_OUT` message another process sends reaches `onEvent` here. Returns the pool the
 * adapter uses, for the caller to end when it closes.
 */
export function useDatabaseFanOut(
  io: Server,
  databaseUrl: string,
  log: RealtimeLogger,
  onEvent: (channel: string, event: string, payload: unknown) => void,
): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on('error', (error) => log.warn({ err: error }, 'realtime database connection failed'));
  // The adapter keeps one connection for LISTEN and takes another when it ends, never releasing the lost one.
  guardConnectionLoss(pool, {
    onLost: (error) => log.warn({ err: error.message }, 'realtime database connection lost; reconnecting'),
    releaseWhenLost: true,
  });
  io.adapter(
    createAdapter(pool, {
      errorHandler: (error) => log.warn({ err: error }, 'realtime fan-out failed'),
    }),
  );
  io.on(FAN_OUT, (channel: unknown, event: unknown, payload: unknown) => {
    if (typeof channel === 'string' && typeof event === 'string') onEvent(channel, event, payload);
  });
  return pool;
}
