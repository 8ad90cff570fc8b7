import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';

const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether something listens on host:port (a quick TCP connect). */
function reachable(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The PostgreSQL server to create throw-away databases on: TEST_DATABASE_URL when set, else the
 * local server on 127.0.0.1:5432 if one listens; null (with the reason) when there is none.
 */
export async function postgresAdminUrl(): Promise<{ url: string | null; reason: string }> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured) return { url: configured, reason: 'TEST_DATABASE_URL' };
  if (await reachable('127.0.0.1', 5432)) return { url: LOCAL_ADMIN_URL, reason: '127.0.0.1:5432' };
  return { url: null, reason: 'no PostgreSQL server: TEST_DATABASE_URL is unset and 127.0.0.1:5432 is closed' };
}

export interface ThrowAwayDatabase {
  url: string;
  query(text: string, values?: unknown[]): Promise<void>;
  drop(): Promise<void>;
}

/** A fresh database `meshport_e2e_…` on that server; `drop()` removes it (forcing out connections). */
export async function createDatabase(adminUrl: string): Promise<ThrowAwayDatabase> {
  const name = `meshport_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async query(text, values) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query(text, values);
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
