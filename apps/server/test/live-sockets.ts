import type { SubscribeAck } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { queryRows } from '#core/db/database.ts';
import type { TestApp } from './test-app.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A Socket.IO client as the web app opens it, on a tenant host, signed in by bearer token. */
export async function openSocket(t: TestApp, token: string, host = t.host('acme'), url = t.url): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { host },
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export async function subscribe(socket: Socket, channel: string): Promise<SubscribeAck> {
  return socket.emitWithAck('subscribe', { channel });
}

let pings = 0;

/** Whether an event emitted on `channel` now (from the server's side) reaches the socket. */
export async function hears(t: TestApp, socket: Socket, channel: string, ms = 400): Promise<boolean> {
  const n = ++pings;
  let heard = false;
  const listener = (payload: { n: number }) => {
    if (payload.n === n) heard = true;
  };
  socket.on('Ping', listener);
  t.services.realtime.emit(channel, 'Ping', { n });
  const until = Date.now() + ms;
  while (!heard && Date.now() < until) await sleep(10);
  socket.off('Ping', listener);
  return heard;
}

/** Runs `change`, then expects the socket to be disconnected by the server within `ms` of its answer. */
export async function expectCutWithin(socket: Socket, change: () => Promise<unknown>, ms = 1000): Promise<void> {
  let cutAt: number | null = null;
  socket.once('disconnect', () => {
    cutAt = Date.now();
  });
  expect(socket.connected).toBe(true);
  await change();
  const answered = Date.now();
  while (cutAt === null && Date.now() - answered < ms) await sleep(10);
  expect(cutAt, `socket still connected ${ms} ms after the change`).not.toBeNull();
}

/**
 * A new member of `company` with the demo password (the editor's hash), a role by title and
 * licences; `alsoIn` adds memberships elsewhere (so that removing one leaves the account).
 */
export async function newMember(
  t: TestApp,
  username: string,
  options: { role: string; licences: string[]; company?: string; alsoIn?: string[] },
): Promise<{ id: number; companyId: number; token: string }> {
  const db = t.database.system;
  const [account] = await queryRows<{ id: number }>(
    db,
    sql`insert into accounts (name, username, email, password_hash, email_verified_at)
        select ${username}, ${username}, ${`${username}@meshport.example`}, password_hash, now()
        from accounts where username = 'editor' returning id`,
  );
  const id = (account as { id: number }).id;
  let companyId = 0;
  for (const subDomain of [options.company ?? 'acme', ...(options.alsoIn ?? [])]) {
    const [company] = await queryRows<{ id: number; role_id: number | null }>(
      db,
      sql`select c.id, (select r.id from roles r where r.company_id = c.id and r.title = ${options.role}) as role_id
          from companies c where c.sub_domain = ${subDomain}`,
    );
    const { id: cid, role_id } = company as { id: number; role_id: number | null };
    if (companyId === 0) companyId = cid;
    await db.execute(sql`insert into memberships (company_id, account_id, role_id) values (${cid}, ${id}, ${role_id})`);
    for (const licence of options.licences) {
      await db.execute(
        sql`insert into membership_licences (company_id, account_id, licence_key) values (${cid}, ${id}, ${licence})`,
      );
    }
  }
  const host = t.host(options.company ?? 'acme', options.licences.includes('hatch') ? 'hatch' : 'customerportal');
  return { id, companyId, token: await t.login(username, host) };
}

/** A role of `company` holding only `abilities`. */
export async function newRole(t: TestApp, title: string, abilities: string[], company = 'acme'): Promise<number> {
  const db = t.database.system;
  const [role] = await queryRows<{ id: number }>(
    db,
    sql`insert into roles (company_id, title) select id, ${title} from companies where sub_domain = ${company} returning id`,
  );
  const id = (role as { id: number }).id;
  for (const ability of abilities) {
    await db.execute(
      sql`insert into role_abilities (company_id, role_id, ability_key)
          select id, ${id}, ${ability} from companies where sub_domain = ${company}`,
    );
  }
  return id;
}
