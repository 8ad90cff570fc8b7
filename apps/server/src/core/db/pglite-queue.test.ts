import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from './database.ts';
import { DatabaseBusyError, databaseBusyError } from './database-busy-error.ts';
import { FairQueue, queuePGlite } from './pglite-queue.ts';

function gate(): { open: () => void; opened: Promise<void> } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('FairQueue', () => {
  it('serves waiters first come, first served, even when the slot is freed while others arrive', async () => {
    const queue = new FairQueue(null);
    const first = gate();
    const order: number[] = [];
    const holder = queue.run(() => first.opened);
    const waiters = Array.from({ length: 20 }, (_, i) =>
      queue.run(async () => {
        order.push(i);
        // Someone arriving while a waiter runs goes to the back, behind everyone already waiting.
        if (i === 0) void queue.run(async () => order.push(100));
        await Promise.resolve();
      }),
    );
    expect(queue.waiting).toBe(20);
    first.open();
    await holder;
    await Promise.all(waiters);
    await tick();
    expect(order).toEqual([...Array.from({ length: 20 }, (_, i) => i), 100]);
    expect(queue.busy).toBe(false);
  });

  it('lets the event loop read sockets between two holders, not only once the whole queue has run', async () => {
    const queue = new FairQueue(null);
    const done: number[] = [];
    const waiters = Array.from({ length: 50 }, (_, i) =>
      queue.run(async () => {
        done.push(i);
      }),
    );
    // An I/O callback queued now (a new connection's data, say) runs after a few holders at most.
    const seenByIo = await new Promise<number>((resolve) => setImmediate(() => resolve(done.length)));
    await Promise.all(waiters);
    expect(done).toHaveLength(50);
    expect(seenByIo).toBeLessThan(5);
  });

  it('rejects a caller that waited past the timeout with DatabaseBusyError, and the slot is not leaked', async () => {
    const queue = new FairQueue(30);
    const held = gate();
    const holder = queue.run(() => held.opened);
    let ran = false;
    const late = queue.run(async () => {
      ran = true;
    });
    await expect(late).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(queue.waiting).toBe(0);
    held.open();
    await holder;
    expect(ran).toBe(false);
    expect(queue.busy).toBe(false);
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
    expect(queue.busy).toBe(false);
  });

  it('hands the slot on when the work fails', async () => {
    const queue = new FairQueue(1_000);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(queue.busy).toBe(false);
    await expect(queue.run(async () => 1)).resolves.toBe(1);
  });
});

describe('the queued PGlite client', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec('create table t (n int)');
  });
  afterAll(() => client.close());

  it('answers concurrent statements and transactions in the order they were sent', async () => {
    const queue = new FairQueue(null);
    const queued = queuePGlite(client, queue);
    const done: string[] = [];
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 7 === 3
        ? queued.transaction(async (tx) => {
            await tx.query('insert into t values ($1)', [i]);
            await tx.query('select count(*) from t');
            done.push(`tx${i}`);
          })
        : queued.query('select $1::int as n', [i]).then(() => done.push(`q${i}`)),
    );
    await Promise.all(calls);
    expect(done).toEqual(Array.from({ length: 30 }, (_, i) => (i % 7 === 3 ? `tx${i}` : `q${i}`)));
  });

  it("runs a transaction's inner statements without queueing again, ahead of statements sent meanwhile", async () => {
    const queue = new FairQueue(2_000);
    const queued = queuePGlite(client, queue);
    const events: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await queued.transaction(async (tx) => {
      outside = queued.query('select 1').then(() => events.push('outside'));
      await tick();
      expect(queue.waiting).toBe(1);
      for (let i = 0; i < 5; i++) {
        await tx.query('select $1::int', [i]);
        events.push(`inner${i}`);
      }
      expect(queue.waiting).toBe(1);
    });
    await outside;
    expect(events).toEqual(['inner0', 'inner1', 'inner2', 'inner3', 'inner4', 'outside']);
    expect(queue.busy).toBe(false);
  });

  it('releases the queue when a transaction fails, by a thrown error or a failing statement', async () => {
    const queue = new FairQueue(1_000);
    const queued = queuePGlite(client, queue);
    await expect(
      queued.transaction(async (tx) => {
        await tx.query('insert into t values (-1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(queue.busy).toBe(false);
    await expect(queued.transaction((tx) => tx.query('select * from no_such_table'))).rejects.toThrow(/no_such_table/);
    expect(queue.busy).toBe(false);
    const rows = await queued.query<{ n: number }>('select count(*)::int as n from t where n = -1');
    expect(rows.rows[0]?.n).toBe(0);
  });
});

describe('openDatabase on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null, queueTimeoutMs: 100 });
  });
  afterAll(() => database.close());

  it('queues `system` behind a `tenant`-style transaction and fails it with DatabaseBusyError past the timeout', async () => {
    const held = gate();
    const transaction = database.system.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held.opened;
      return queryRows<{ n: number }>(tx, sql`select 2 as n`);
    });
    await tick();
    try {
      const failed = await database.system.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      // Drizzle wraps a failed statement's error: the busy one is its cause.
      expect(databaseBusyError(failed)).toBeInstanceOf(DatabaseBusyError);
      await expect(database.system.transaction(async () => {})).rejects.toBeInstanceOf(DatabaseBusyError);
    } finally {
      held.open();
    }
    await expect(transaction).resolves.toEqual([{ n: 2 }]);
    await expect(queryRows(database.system, sql`select 3 as n`)).resolves.toEqual([{ n: 3 }]);
  });

  it('listens through the queue without waiting for itself, and receives what is notified', async () => {
    const received: string[] = [];
    const busy = database.system.execute(sql`select pg_sleep(0.02)`);
    const stop = await database.listen(
      'queue_test',
      (payload) => received.push(payload),
      () => {},
    );
    await busy;
    await database.system.execute(sql`select pg_notify('queue_test', 'hello')`);
    await database.system.execute(sql`select 1`);
    expect(received).toContain('hello');
    await stop();
  });
});
