import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** The connection a write request keeps between its transactions. */
interface Kept {
  client: pg.PoolClient | null;
  busy: boolean;
  ended: boolean;
}

const kept = new AsyncLocalStorage<Kept>();

/**
 * Runs `work` (a write request: its change, the answer read back, the activity entry) with its
 * tenant transactions one after another on one connection of the pool. Under load each
 * transaction otherwise queued for a connection again: 30–100 ms each in the mix (decision 0031).
 * A transaction started while the kept one is busy (in parallel, or in the background after
 * the request) takes one from the pool as before.
 */
export async function keepingOneConnection<T>(work: () => Promise<T>): Promise<T> {
  const state: Kept = { client: null, busy: false, ended: false };
  try {
    return await kept.run(state, work);
  } finally {
    state.ended = true;
    if (!state.busy && state.client) {
      state.client.release();
      state.client = null;
    }
  }
}

/** A connection for one transaction: the request's kept one when it is free, else the pool's. */
export async function connectionFor(
  pool: pg.Pool,
): Promise<{ client: pg.PoolClient; release: (broken?: Error) => void }> {
  const state = kept.getStore();
  if (!state || state.busy || state.ended) {
    const client = await pool.connect();
    return { client, release: (broken) => client.release(broken) };
  }
  state.busy = true;
  try {
    state.client ??= await pool.connect();
  } catch (error) {
    state.busy = false;
    throw error;
  }
  const client = state.client;
  return {
    client,
    release: (broken) => {
      state.busy = false;
      if (broken || state.ended) {
        client.release(broken);
        state.client = null;
      }
    },
  };
}
