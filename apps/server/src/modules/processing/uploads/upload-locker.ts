import { createHash } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';

/** First key of an upload's session advisory lock; the second is derived from the upload's id (`uploadLockKey`). */
export const UPLOAD_LOCK = 1_170_012;
/** The channel on which a process asks the others to let an upload's lock go (the payload is the upload's id). */
export const UPLOAD_LOCK_RELEASE_CHANNEL = 'meshport_upload_lock_release';
/** How long a request waits for an upload's lock, as tus's own locker does. */
const ACQUIRE_TIMEOUT_MS = 30_000;
/** Between two tries while another process holds the lock: doubling from the first to the last. */
const POLL_FIRST_MS = 50;
const POLL_MAX_MS = 400;
/** A waiter asks the holder again this often (the holder's process may have missed the first). */
const ASK_AGAIN_MS = 1_000;
const WARN_EVERY_MS = 5_000;
/**
 * The lock session's own TCP keepalives: when the holder's machine vanishes without closing its
 * connection, PostgreSQL ends the session (and lets its locks go) after about 25 s, not the
 * operating system's 2 hours.
 */
const SESSION_SETTINGS = `select pg_backend_pid() as pid, set_config('tcp_keepalives_idle', '10', false),
  set_config('tcp_keepalives_interval', '5', false), set_config('tcp_keepalives_count', '3', false),
  set_config('idle_session_timeout', '0', false)`;

/** The second key of an upload's advisory lock: 32 bits of its id's hash (a collision only makes two uploads wait for each other). */
export function uploadLockKey(id: string): number {
  return createHash('sha256').update(id).digest().readInt32BE(0);
}

export interface PostgresUploadLockerOptions {
  /** The PostgreSQL server's URL: the locker keeps one connection of its own there. */
  url: string;
  acquireTimeoutMs?: number;
  log?: { warn(details: Record<string, unknown>, msg: string): void };
}

/** One connection to PostgreSQL on which this process holds all its uploads' locks and hears release requests. */
interface LockSession {
  client: pg.Client;
  /** Its server process: the sender of the release requests it makes itself. */
  pid: number;
  lost: boolean;
}

/** A lock this process holds, or is asking PostgreSQL for. */
interface Holding {
  sequence: number;
  /** The session the advisory lock was taken on; null while it is being asked for. */
  session: LockSession | null;
  requestRelease: RequestRelease;
  released: Promise<void>;
  release(): void;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * tus's `Locker` across server processes (decision 0057: an upload's lock holds across processes):
 * a session advisory lock per upload on PostgreSQL, taken on one connection this process keeps
 * for them. tus's memory locker would let a PATCH resumed through another process write beside
 * a stale one still running in the first.
 *
 * - A request that finds the lock taken asks its holder to let go, as tus's memory locker does
 *   (tus then ends the holder's request after its drain time): in this process directly, in
 *   another by NOTIFY on `UPLOAD_LOCK_RELEASE_CHANNEL`, which every process LISTENs to on its
 *   lock session; it then tries again until the lock is free or `acquireTimeoutMs` has passed.
 * - Of several requests of one upload waiting in this process, the newest goes on; the older
 *   ones give up (tus answers them 500): a client that resumes has given up its earlier request.
 * - A process that dies takes its connection with it, and PostgreSQL frees the session's locks:
 *   the upload can be resumed through another process at once. When the connection is lost
 *   while the process lives, the requests holding locks on it are asked to end, since their
 *   locks no longer exclude anyone.
 */
export class PostgresUploadLocker implements Locker {
  private readonly holdings = new Map<string, Holding>();
  /** The newest lock asked for per upload while any is asked for or held. */
  private readonly newest = new Map<string, number>();
  private sequence = 0;
  private current: LockSession | null = null;
  private opening: Promise<LockSession> | null = null;
  private closed = false;
  private warnedAt = Number.NEGATIVE_INFINITY;
  private readonly timeoutMs: number;

  constructor(private readonly options: PostgresUploadLockerOptions) {
    this.timeoutMs = options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
  }

  newLock(id: string): Lock {
    const sequence = ++this.sequence;
    return {
      lock: (signal, requestRelease) => this.acquire(id, sequence, signal, requestRelease),
      unlock: () => this.release(id, sequence),
    };
  }

  /** Ends the lock session: PostgreSQL frees whatever it still held. */
  async close(): Promise<void> {
    this.closed = true;
    const session = this.current ?? (await this.opening?.catch(() => null)) ?? null;
    this.current = null;
    if (session) {
      session.lost = true;
      await session.client.end().catch(() => {});
    }
  }

  private async acquire(id: string, sequence: number, signal: AbortSignal, requestRelease: RequestRelease) {
    if ((this.newest.get(id) ?? 0) < sequence) this.newest.set(id, sequence);
    const key = uploadLockKey(id);
    const deadline = Date.now() + this.timeoutMs;
    let wait = POLL_FIRST_MS;
    let askedAt = Number.NEGATIVE_INFINITY;
    try {
      for (;;) {
        if (signal.aborted || this.closed || Date.now() >= deadline || this.newest.get(id) !== sequence) {
          throw ERRORS.ERR_LOCK_TIMEOUT;
        }
        const here = this.holdings.get(id);
        if (here) {
          await Promise.resolve(here.requestRelease()).catch(() => {});
          await Promise.race([here.released, sleep(wait, signal)]);
          continue;
        }
        const holding = newHolding(sequence, requestRelease);
        this.holdings.set(id, holding);
        let session: LockSession | null = null;
        try {
          session = await this.session();
          const { rows } = await session.client.query<{ locked: boolean }>(
            'select pg_try_advisory_lock($1::int, $2::int) as locked',
            [UPLOAD_LOCK, key],
          );
          if (rows[0]?.locked === true && !session.lost) {
            holding.session = session;
            return;
          }
        } catch (error) {
          this.warn(error, id, 'upload lock not taken: the lock session failed');
        }
        this.holdings.delete(id);
        holding.release();
        if (session && !session.lost && Date.now() - askedAt >= ASK_AGAIN_MS) {
          askedAt = Date.now();
          await session.client.query('select pg_notify($1, $2)', [UPLOAD_LOCK_RELEASE_CHANNEL, id]).catch(() => {});
        }
        await sleep(wait, signal);
        wait = Math.min(wait * 2, POLL_MAX_MS);
      }
    } catch (error) {
      if (this.newest.get(id) === sequence) this.newest.delete(id);
      throw error;
    }
  }

  private async release(id: string, sequence: number): Promise<void> {
    const holding = this.holdings.get(id);
    if (!holding || holding.sequence !== sequence) throw new Error('Releasing an unlocked lock!');
    if (this.newest.get(id) === sequence) this.newest.delete(id);
    try {
      const session = holding.session;
      if (session && !session.lost) {
        await session.client.query('select pg_advisory_unlock($1::int, $2::int)', [UPLOAD_LOCK, uploadLockKey(id)]);
      }
    } catch (error) {
      // The session is gone, and its locks with it.
      this.warn(error, id, 'upload lock not released: the lock session failed');
    } finally {
      this.holdings.delete(id);
      holding.release();
    }
  }

  /** At most one warning per WARN_EVERY_MS: while the database is away, every waiting request fails each try. */
  private warn(error: unknown, upload: string, message: string): void {
    if (Date.now() - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = Date.now();
    this.options.log?.warn({ err: error, upload }, message);
  }

  private session(): Promise<LockSession> {
    if (this.current && !this.current.lost) return Promise.resolve(this.current);
    this.opening ??= this.open().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async open(): Promise<LockSession> {
    const client = new pg.Client({
      connectionString: this.options.url,
      // Shown in pg_stat_activity: which server process holds which upload's lock.
      application_name: `meshport upload locks (pid ${process.pid})`,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const session: LockSession = { client, pid: 0, lost: false };
    const lost = (error?: Error) => {
      if (session.lost) return;
      session.lost = true;
      if (this.current === session) this.current = null;
      if (!this.closed) this.options.log?.warn({ err: error }, 'upload lock session lost');
      for (const holding of this.holdings.values()) {
        if (holding.session === session) void Promise.resolve(holding.requestRelease()).catch(() => {});
      }
      client.end().catch(() => {});
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      // Its own requests come back to the session that sent them.
      if (message.channel !== UPLOAD_LOCK_RELEASE_CHANNEL || message.processId === session.pid) return;
      const holding = this.holdings.get(message.payload ?? '');
      if (holding?.session === session) void Promise.resolve(holding.requestRelease()).catch(() => {});
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>(SESSION_SETTINGS);
      session.pid = rows[0]?.pid ?? 0;
      await client.query(`listen ${UPLOAD_LOCK_RELEASE_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      throw error;
    }
    if (this.closed) {
      lost();
      throw ERRORS.ERR_LOCK_TIMEOUT;
    }
    this.current = session;
    return session;
  }
}

function newHolding(sequence: number, requestRelease: RequestRelease): Holding {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { sequence, session: null, requestRelease, released, release };
}
