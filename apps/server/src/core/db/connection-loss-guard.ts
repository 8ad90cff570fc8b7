import type pg from 'pg';

export interface ConnectionLossOptions {
  /** Called once per connection lost while taken from the pool (the pool's own `error` event covers idle ones). */
  onLost: (error: Error) => void;
  /**
   * Give a lost connection back to the pool (which drops it) on behalf of a borrower that never
   * does: the Socket.IO adapter keeps its LISTEN connection until it ends, then takes another.
   * Only for such borrowers: one that releases its client itself would then release it twice.
   */
  releaseWhenLost?: boolean;
}

/**
 * node-postgres removes its own `error` listener from a connection while it is taken from the
 * pool. When the server ends that connection between two statements (a restart: 57P01; a crash:
 * "Connection terminated unexpectedly"), the client emits `error` with nobody listening, and
 * Node ends the process. A listener of our own, added to every connection the pool opens, takes
 * that error instead; the borrower's next statement fails as usual and it releases the client
 * (a released connection that is no longer queryable is dropped by the pool).
 */
export function guardConnectionLoss(pool: pg.Pool, options: ConnectionLossOptions): void {
  const taken = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    let reported = false;
    client.on('error', (error: Error) => {
      if (!taken.has(client) || reported) return;
      reported = true;
      options.onLost(error);
    });
    if (options.releaseWhenLost) {
      client.on('end', () => {
        if (taken.delete(client)) client.release(new Error('The database connection was lost'));
      });
    }
  });
  pool.on('acquire', (client) => {
    taken.add(client);
  });
  pool.on('release', (_error, client) => {
    taken.delete(client);
  });
  pool.on('remove', (client) => {
    taken.delete(client);
  });
}
