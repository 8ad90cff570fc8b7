import { randomBytes } from 'node:crypto';
import { ERRORS } from '@tus/server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresUploadLocker, UPLOAD_LOCK, uploadLockKey } from './upload-locker.ts';

/**
 * Two lockers on one database stand for two server processes: each keeps its own lock session.
 * Advisory locks need no tables, so the tests use the database TEST_DATABASE_URL names.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('upload locks across server processes (PostgreSQL)', () => {
  const url = process.env.TEST_DATABASE_URL as string;
  const lockers: PostgresUploadLocker[] = [];
  let admin: pg.Client;

  const serverProcess = (acquireTimeoutMs?: number) => {
    const locker = new PostgresUploadLocker({ url, ...(acquireTimeoutMs ? { acquireTimeoutMs } : {}) });
    lockers.push(locker);
    return locker;
  };
  const uploadId = () => randomBytes(16).toString('hex');
  const never = () => new AbortController().signal;
  const ignore = () => {};

  /** The server process (backend pid) holding an upload's lock, or null. */
  async function holder(id: string): Promise<number | null> {
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2 and granted`,
      [UPLOAD_LOCK, uploadLockKey(id) >>> 0],
    );
    return rows[0]?.pid ?? null;
  }

  async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await Promise.all(lockers.map((locker) => locker.close()));
    await admin.end();
  });

  it('makes a second process wait, asks the holder to let go, and hands the lock over once it is released', async () => {
    const [first, second] = [serverProcess(), serverProcess()];
    const id = uploadId();
    const held = first.newLock(id);
    let asked = 0;
    await held.lock(never(), () => {
      asked++;
    });
    expect(await holder(id)).not.toBeNull();

    let taken = false;
    const waiter = second.newLock(id);
    const taking = waiter.lock(never(), ignore).then(() => {
      taken = true;
    });
    // The release request travels by NOTIFY to the holder's process.
    await until(() => asked > 0);
    expect(taken).toBe(false);

    await held.unlock();
    await taking;
    expect(taken).toBe(true);
    await waiter.unlock();
    expect(await holder(id)).toBeNull();
  });

  it('frees the lock at once when the holding process’s connection dies, and the holder is told', async () => {
    const [first, second] = [serverProcess(), serverProcess()];
    const id = uploadId();
    const held = first.newLock(id);
    let asked = 0;
    await held.lock(never(), () => {
      asked++;
    });
    const pid = await holder(id);
    expect(pid).not.toBeNull();

    // What PostgreSQL does when a server process is killed: the session ends, its locks with it.
    await admin.query('select pg_terminate_backend($1)', [pid]);
    const startedAt = Date.now();
    const waiter = second.newLock(id);
    await waiter.lock(never(), ignore);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await until(() => asked > 0);
    // Its request ends as asked; unlocking the lost lock is no error.
    await expect(held.unlock()).resolves.toBeUndefined();
    await waiter.unlock();

    // The first process opens another session for its next lock.
    const next = first.newLock(uploadId());
    await next.lock(never(), ignore);
    await next.unlock();
  });

  it('gives up after the timeout when the holder does not let go', async () => {
    const [first, second] = [serverProcess(), serverProcess(600)];
    const id = uploadId();
    const held = first.newLock(id);
    await held.lock(never(), ignore);
    const startedAt = Date.now();
    await expect(second.newLock(id).lock(never(), ignore)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(550);
    await held.unlock();
  });

  it('stops waiting when the request is aborted', async () => {
    const [first, second] = [serverProcess(), serverProcess()];
    const id = uploadId();
    const held = first.newLock(id);
    await held.lock(never(), ignore);
    const abort = new AbortController();
    const waiting = second.newLock(id).lock(abort.signal, ignore);
    setTimeout(() => abort.abort(), 200);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });

  it('lets different uploads be locked at once', async () => {
    const [first, second] = [serverProcess(), serverProcess()];
    const one = first.newLock(uploadId());
    const other = second.newLock(uploadId());
    await one.lock(never(), ignore);
    await other.lock(never(), ignore);
    await Promise.all([one.unlock(), other.unlock()]);
  });

  it('in one process: a newer request takes the lock over, and an older waiter gives way to a newer one', async () => {
    const [here, elsewhere] = [serverProcess(), serverProcess()];
    const id = uploadId();
    const older = here.newLock(id);
    // As tus does when asked (once, however often asked): the request ends, and its lock with it.
    let ending = false;
    await older.lock(never(), () => {
      if (ending) return;
      ending = true;
      setTimeout(() => void older.unlock(), 50);
    });
    const newer = here.newLock(id);
    await newer.lock(never(), ignore);
    await newer.unlock();

    const held = elsewhere.newLock(id);
    await held.lock(never(), ignore);
    const firstWaiter = here.newLock(id).lock(never(), ignore);
    const secondLock = here.newLock(id);
    const secondWaiter = secondLock.lock(never(), ignore);
    await expect(firstWaiter).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
    await secondWaiter;
    await secondLock.unlock();
    expect(await holder(id)).toBeNull();
  });
});
