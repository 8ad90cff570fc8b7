import { contentChannel, userChannel } from '@meshport/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { expectCutWithin, hears, newMember, newRole, openSocket, subscribe } from '#test/live-sockets.ts';
import { linkIn, startSmtp, waitFor } from '#test/smtp-server.ts';
import { DEMO_PASSWORD, describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

/** Revocation reaches sockets (issue 24): each cause ends or narrows an open socket within a second. */
describeEachDatabase('realtime revocation', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let adminToken: string;
  const sockets: Socket[] = [];
  let serial = 0;

  /** A fresh Editor of acme (also a member of globex, so that leaving acme keeps the account) and its socket. */
  const editorWithSocket = async (channels: (me: { id: number; companyId: number }) => string[] = () => []) => {
    const username = `live-${kind}-${++serial}`;
    const me = await newMember(t, username, {
      role: 'Editor',
      licences: ['hatch', 'design_and_sales'],
      alsoIn: ['globex'],
    });
    const socket = await openSocket(t, me.token);
    sockets.push(socket);
    for (const channel of [userChannel(me.companyId, me.id), contentChannel(me.companyId), ...channels(me)]) {
      expect(await subscribe(socket, channel)).toMatchObject({ ok: true });
    }
    expect(await hears(t, socket, userChannel(me.companyId, me.id))).toBe(true);
    return { ...me, username, socket };
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Meshport <no-reply@meshport.test>' } });
    adminToken = await t.login('admin');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('logout ends the sockets of that session, and only those; others’ sessions are not even looked up', async () => {
    const me = await editorWithSocket();
    const other = await openSocket(t, await t.login(me.username));
    sockets.push(other);
    const bystander = await editorWithSocket();
    await t.services.changes.sync();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.services.realtime.settled();
    const checks = vi.spyOn(t.services.sessions, 'validate');
    try {
      await expectCutWithin(me.socket, () => t.request('/v2/logout', { token: me.token }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await t.services.realtime.settled();
      expect(other.connected).toBe(true);
      expect(bystander.socket.connected).toBe(true);
      expect(checks.mock.calls.some(([token]) => token === bystander.token)).toBe(false);
    } finally {
      checks.mockRestore();
    }
  });

  it('logout-all ends the sockets of every session of the account', async () => {
    const me = await editorWithSocket();
    const second = await t.login(me.username);
    await expectCutWithin(me.socket, () => t.request('/v2/logout-all', { token: second }));
  });

  it('a password change that logs out all devices ends the other sessions’ sockets', async () => {
    const me = await editorWithSocket();
    const second = await t.login(me.username);
    await expectCutWithin(me.socket, async () => {
      const answer = await t.request('/v2/my-account', {
        method: 'PATCH',
        token: second,
        json: {
          current_password: DEMO_PASSWORD,
          new_password: 'a-new-password-1',
          new_password_confirmation: 'a-new-password-1',
          logout_all_devices: 1,
        },
      });
      expect(answer.status).toBe(200);
    });
  });

  it('a password reset ends every socket of the account', async () => {
    const me = await editorWithSocket();
    const before = smtp.inbox.length;
    expect(
      (await t.request('/v2/password/forgot', { json: { email: `${me.username}@meshport.example` } })).status,
    ).toBe(200);
    const address = `${me.username}@meshport.example`;
    const mail = await waitFor(() => smtp.inbox.slice(before).find((m) => m.to.includes(address)));
    const { token } = linkIn(mail);
    await expectCutWithin(me.socket, async () => {
      const answer = await t.request('/v2/password/reset', {
        json: { token, password: 'a-new-password-2', password_confirmation: 'a-new-password-2' },
      });
      expect(answer.status).toBe(200);
    });
  });

  it('removal from the company ends the member’s sockets on its hosts', async () => {
    const me = await editorWithSocket();
    await expectCutWithin(me.socket, async () => {
      expect((await t.request(`/v2/users/${me.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    });
  });

  it('a change of role leaves the channels the new role may not read; the socket stays for the rest', async () => {
    const narrow = await newRole(t, `Projects only ${kind}`, ['view-projects']);
    const me = await editorWithSocket(({ companyId }) => [`private-company.${companyId}.ProjectModel`]);
    const models = `private-company.${me.companyId}.ProjectModel`;
    expect(await hears(t, me.socket, models)).toBe(true);
    const answer = await t.request(`/v2/users/${me.id}`, {
      method: 'PATCH',
      token: adminToken,
      json: { role_id: narrow },
    });
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await hears(t, me.socket, models)).toBe(false);
    expect(me.socket.connected).toBe(true);
    expect(await hears(t, me.socket, contentChannel(me.companyId))).toBe(true);
    expect(await subscribe(me.socket, models)).toMatchObject({ ok: false, status: 403 });
  });

  it('a change of the role’s abilities counts the same way', async () => {
    const role = await newRole(t, `Model readers ${kind}`, ['view-projects', 'list-project-models']);
    const me = await editorWithSocket(({ companyId }) => [`private-company.${companyId}.ProjectModel`]);
    await t.request(`/v2/users/${me.id}`, { method: 'PATCH', token: adminToken, json: { role_id: role } });
    const models = `private-company.${me.companyId}.ProjectModel`;
    expect(await subscribe(me.socket, models)).toMatchObject({ ok: true });
    const answer = await t.request(`/v2/roles/${role}`, {
      method: 'PATCH',
      token: adminToken,
      json: { title: `Model readers ${kind}`, abilities: ['view-projects'] },
    });
    expect(answer.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await hears(t, me.socket, models)).toBe(false);
  });

  it('losing the licence of a platform ends the sockets on that platform’s hosts, not on the others', async () => {
    const me = await editorWithSocket();
    const portal = await openSocket(t, me.token, t.host('acme', 'customerportal'));
    sockets.push(portal);
    await expectCutWithin(me.socket, async () => {
      const answer = await t.request(`/v2/users/${me.id}`, {
        method: 'PATCH',
        token: adminToken,
        json: { licenses: ['design_and_sales'] },
      });
      expect(answer.status).toBe(200);
    });
    await t.services.realtime.settled();
    expect(portal.connected).toBe(true);
    expect(await subscribe(portal, userChannel(me.companyId, me.id))).toMatchObject({ ok: true });
  });

  it('a session idle past its timeout ends its sockets, however quiet the server', async () => {
    const idle = await startTestApp(kind, { env: { SESSION_IDLE_MINUTES: '0.025' } });
    try {
      const token = await idle.login('editor');
      const socket = await openSocket(idle, token);
      sockets.push(socket);
      const opened = Date.now();
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('still connected 4 s after sign-in')), 4000);
        socket.once('disconnect', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      const lived = Date.now() - opened;
      // 1.5 s of idleness, measured from the sign-in just before the socket opened.
      expect(lived).toBeGreaterThan(1000);
      expect(lived).toBeLessThan(2500);
    } finally {
      await idle.close();
    }
  });

  it('deleting a company ends the sockets on its hosts, a platform admin’s too', async () => {
    const socket = await openSocket(t, await t.login('admin', t.host('globex')), t.host('globex'));
    sockets.push(socket);
    const companies = await t.request<{ data: { id: number; sub_domain: string }[] }>('/v2/admin/companies', {
      token: adminToken,
    });
    const globex = companies.body.data.find((company) => company.sub_domain === 'globex');
    expect(globex).toBeDefined();
    await expectCutWithin(socket, async () => {
      const answer = await t.request(`/v2/admin/companies/${globex?.id}`, { method: 'DELETE', token: adminToken });
      expect(answer.status).toBe(200);
    });
  });
});
