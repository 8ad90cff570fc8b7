import net from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type DatabaseKind, describeEachDatabase, freshDatabase } from '#test/test-app.ts';
import { type Database, queryRows } from './database.ts';
import { runReadingOnly, runWriting } from './read-only-scope.ts';

describeEachDatabase('transactions of a request', (kind: DatabaseKind) => {
  let database: Database;
  let drop: () => Promise<void>;
  let scope: { companyId: number; accountId: number };
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(kind, 'demo'));
    const [member] = await queryRows<{ companyId: number; accountId: number }>(
      database.system,
      sql`select m.company_id as "companyId", m.account_id as "accountId" from memberships m
          join companies c on c.id = m.company_id where c.sub_domain = 'acme' limit 1`,
    );
    if (!member) throw new Error('no member of acme in the demo data');
    scope = member;
  });
  afterAll(() => drop());

  const labelCount = async () =>
    (
      await database.tenant(scope, (tx) =>
        queryRows<{ n: number }>(tx, sql`select count(*)::int as n from labels where name like 'read-only probe %'`),
      )
    )[0]?.n;
  let probes = 0;
  const addLabel = (tx: Parameters<Parameters<Database['tenant']>[1]>[0]) =>
    tx.execute(
      sql`insert into labels (company_id, name, color) values (${scope.companyId}, ${`read-only probe ${++probes}`}, '#123456')`,
    );

  /** What the database said, under Drizzle's "Failed query" wrapping. */
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => 'no error',
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );

  it('reads as usual while reading only, and refuses a write there', async () => {
    const [row] = await runReadingOnly(() =>
      database.tenant(scope, (tx) =>
        queryRows<{ company: string }>(tx, sql`select current_setting('app.company_id') as company`),
      ),
    );
    expect(row?.company).toBe(String(scope.companyId));
    expect(await refusal(runReadingOnly(() => database.tenant(scope, addLabel)))).toMatch(/read-only transaction/);
    expect(await labelCount()).toBe(0);
  });

  it('writes inside a read when told to (the OAuth callback), and outside it as usual', async () => {
    await runReadingOnly(() => runWriting(() => database.tenant(scope, addLabel)));
    expect(await labelCount()).toBe(1);
    await database.tenant(scope, addLabel);
    expect(await labelCount()).toBe(2);
  });

  it('runs the transactions of a write one after another on one connection, while others queue for the pool', async () => {
    const backend = () =>
      database.tenant(
        scope,
        async (tx) => (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`))[0]?.pid,
      );
    // Twice as many others as the pool has connections, each one transaction after another: a
    // connection given back goes to one of them.
    const poolSize = database.driver.kind === 'postgres' ? database.driver.pool.options.max : 1;
    let done = false;
    const busy = Array.from({ length: poolSize * 2 }, async () => {
      while (!done) await database.tenant(scope, (tx) => tx.execute(sql`select pg_sleep(0.01)`));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { sequential, parallel } = await database.oneConnection(async () => {
      const first = await backend();
      const second = await backend();
      const both = await Promise.all([backend(), backend()]);
      return { sequential: [first, second], parallel: both };
    });
    done = true;
    await Promise.all(busy);
    expect(sequential[0]).toBeDefined();
    expect(sequential[1]).toBe(sequential[0]);
    if (kind === 'postgres') expect(new Set(parallel).size).toBe(2);
  });

  it('hands a read-only connection on with its COMMIT in flight: the next BEGIN shares its write, not its settings', async () => {
    if (database.driver.kind !== 'postgres') return;
    const poolSize = database.driver.pool.options.max ?? 1;
    const writes = { count: 0 };
    // Only the pool's own connections count: other work of the process (the change feed, jobs) writes too.
    const own = new Set<unknown>();
    const onAcquire = (client: pg.PoolClient) => own.add(client.connection.stream);
    database.driver.pool.on('acquire', onAcquire);
    const counting = <K extends '_write' | '_writev'>(method: K) => {
      const original = net.Socket.prototype[method] as (...args: unknown[]) => unknown;
      return vi.spyOn(net.Socket.prototype, method).mockImplementation(function (this: net.Socket, ...args: unknown[]) {
        if (own.has(this)) writes.count++;
        return original.apply(this, args);
      } as never);
    };
    const spies = [counting('_write'), counting('_writev')];
    // Four transactions per connection at once: each connection given back has a waiter.
    const transactions = poolSize * 4;
    const seen = await Promise.all(
      Array.from({ length: transactions }, (_, i) =>
        runReadingOnly(() =>
          database.tenant({ companyId: scope.companyId, accountId: 1_000_000 + i }, async (tx) => {
            const [row] = await queryRows<{ account: string; readOnly: string }>(
              tx,
              sql`select current_setting('app.account_id') as account, current_setting('transaction_read_only') as "readOnly"`,
            );
            return row;
          }),
        ),
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    for (const spy of spies) spy.mockRestore();
    database.driver.pool.off('acquire', onAcquire);
    expect(seen.map((row) => row?.account)).toEqual(
      Array.from({ length: transactions }, (_, i) => String(1_000_000 + i)),
    );
    expect(seen.every((row) => row?.readOnly === 'on')).toBe(true);
    // One write per transaction (its BEGIN, settings and statement; the COMMIT before it rides
    // along) and one last COMMIT per connection; a write of its own per COMMIT made it two.
    expect(writes.count).toBeGreaterThanOrEqual(transactions);
    expect(writes.count).toBeLessThanOrEqual(transactions + poolSize);
    const pool = database.driver.pool;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pool.idleCount).toBe(pool.totalCount);
  });

  it('gives the kept connection back: a failed transaction, then the end of the request', async () => {
    if (database.driver.kind !== 'postgres') return;
    const { pool } = database.driver;
    await database.oneConnection(async () => {
      expect(await refusal(database.tenant(scope, (tx) => tx.execute(sql`select 1/0`)))).toMatch(/division by zero/);
      expect(await labelCount()).toBe(2);
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.idleCount).toBe(pool.totalCount);
    expect(pool.waitingCount).toBe(0);
  });
});
