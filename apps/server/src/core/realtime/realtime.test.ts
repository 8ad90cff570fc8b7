import {
  CONTENT_CHANGED_EVENT,
  type ContentChanged,
  contentChannel,
  type SubscribeAck,
  USER_NOTIFICATION_UPDATED,
  type UserNotificationUpdatedEvent,
  userChannel,
} from '@meshport/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { newMember, newRole } from '#test/live-sockets.ts';
import { describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

interface Me {
  id: number;
  companyId: number;
}

describeEachDatabase('realtime', (kind) => {
  let t: TestApp;
  let editorCookie: string;
  let editorToken: string;
  let adminToken: string;
  let editor: Me;
  let viewer: Me;
  const sockets: Socket[] = [];

  const me = async (token: string): Promise<Me> => {
    const res = await t.request<{ user: { id: number; company_id: number } }>('/v2/auth/validate', { token });
    return { id: res.body.user.id, companyId: res.body.user.company_id };
  };

  /** A Socket.IO client as the web app opens it, on the tenant host (websocket so that Host can be set). */
  const connect = (options: { cookie?: string; token?: string; origin?: string; host?: string } = {}) => {
    const headers: Record<string, string> = { host: options.host ?? t.host('acme') };
    if (options.cookie) headers.cookie = `user_session=${options.cookie}`;
    if (options.origin) headers.origin = options.origin;
    const socket = io(t.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: headers,
      auth: options.token ? { token: options.token } : {},
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  const refused = (socket: Socket) =>
    new Promise<Error>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected but should not')));
      socket.once('connect_error', resolve);
    });
  const nextEvent = (socket: Socket, ms = 3000) =>
    new Promise<UserNotificationUpdatedEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no event')), ms);
      socket.once(USER_NOTIFICATION_UPDATED, (payload: UserNotificationUpdatedEvent) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  const sendNotice = (userId: number, title: string) =>
    t.request('/v2/admin/notifications', { token: adminToken, json: { user_id: userId, title, text: 'Hello.' } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    const login = await t.request('/v2/login', { json: { identity: 'editor', password: 'meshport-demo-2026' } });
    editorCookie = login.cookies.user_session?.value as string;
    [editorToken, adminToken] = await Promise.all([t.login('editor'), t.login('admin')]);
    editor = await me(editorToken);
    viewer = await me(await t.login('viewer'));
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => t.close());

  it('connects with the session cookie, joins its own channel and receives UserNotificationUpdated', async () => {
    const socket = connect({ cookie: editorCookie, origin: `http://${t.host('acme')}` });
    await connected(socket);
    const channel = userChannel(editor.companyId, editor.id);
    const ack: SubscribeAck = await socket.emitWithAck('subscribe', { channel });
    expect(ack).toEqual({ ok: true, channel });
    const event = nextEvent(socket);
    expect((await sendNotice(editor.id, 'Pushed')).status).toBe(201);
    const payload = await event;
    expect(payload.notification).toMatchObject({ title: 'Pushed', text: 'Hello.', read: false });
    expect(payload.unread).toBe(14);
    const readAll = nextEvent(socket);
    await t.request('/v2/my-account/notifications/read-all', { token: editorToken, json: { read: 1 } });
    expect(await readAll).toEqual({ notification: null, unread: 0 });
  });

  it("refuses another user's channel and another company's channels", async () => {
    const socket = connect({ token: editorToken });
    await connected(socket);
    const other: SubscribeAck = await socket.emitWithAck('subscribe', {
      channel: userChannel(viewer.companyId, viewer.id),
    });
    expect(other).toMatchObject({ ok: false, status: 403 });
    const foreign: SubscribeAck = await socket.emitWithAck('subscribe', {
      channel: userChannel(editor.companyId + 1000, editor.id),
    });
    expect(foreign).toMatchObject({ ok: false, status: 403 });
    const list: SubscribeAck = await socket.emitWithAck('subscribe', {
      channel: `company.${editor.companyId}.ProjectModel`,
    });
    expect(list).toEqual({ ok: true, channel: `private-company.${editor.companyId}.ProjectModel` });
    const unknown: SubscribeAck = await socket.emitWithAck('subscribe', { channel: 'presence-lobby' });
    expect(unknown).toMatchObject({ ok: false });
    // The refused channel really was not joined.
    let leaked = false;
    socket.on(USER_NOTIFICATION_UPDATED, () => {
      leaked = true;
    });
    await sendNotice(viewer.id, 'For Vera only');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(leaked).toBe(false);
  });

  it('refuses a handshake without a valid session, from another origin, or off a company host', async () => {
    expect((await refused(connect())).message).toBe('Unauthorized');
    expect((await refused(connect({ token: 'x'.repeat(43) }))).message).toBe('Unauthorized');
    const crossSite = await refused(connect({ cookie: editorCookie, origin: 'https://evil.example' }));
    expect(crossSite.message).toMatch(/Cross-origin/);
    const otherTenantPage = await refused(connect({ cookie: editorCookie, origin: `http://${t.host('globex')}` }));
    expect(otherTenantPage.message).toMatch(/Cross-origin/);
    const otherPort = await refused(connect({ cookie: editorCookie, origin: `http://${t.host('acme')}:8081` }));
    expect(otherPort.message).toMatch(/Cross-origin/);
    const otherScheme = await refused(connect({ cookie: editorCookie, origin: `https://${t.host('acme')}` }));
    expect(otherScheme.message).toMatch(/Cross-origin/);
    expect((await refused(connect({ token: editorToken, host: '127.0.0.1' }))).message).toMatch(/company host/);
  });

  it('POST /broadcasting/auth answers 200 with auth for its own channel, 403 otherwise, and joins the socket', async () => {
    const socket = connect({ token: editorToken });
    await connected(socket);
    const channel = userChannel(editor.companyId, editor.id);
    const ok = await t.request<{ auth: string }>('/v2/broadcasting/auth', {
      token: editorToken,
      json: { channel_name: channel, socket_id: socket.id },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.auth).toMatch(new RegExp(`^${socket.id}:[0-9a-f]{64}$`));
    const event = nextEvent(socket);
    await sendNotice(editor.id, 'Via broadcasting auth');
    expect((await event).notification?.title).toBe('Via broadcasting auth');

    const denied = await t.request<{ message: string }>('/v2/broadcasting/auth', {
      token: editorToken,
      json: { channel_name: userChannel(viewer.companyId, viewer.id), socket_id: socket.id },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/own/);
    const form = await t.request('/v2/broadcasting/auth', {
      token: editorToken,
      form: { channel_name: channel, socket_id: 'abc' },
    });
    expect(form.status).toBe(200);
    expect((await t.request('/v2/broadcasting/auth', { json: { channel_name: channel } })).status).toBe(401);
    const missing = await t.request('/v2/broadcasting/auth', { token: editorToken, json: {} });
    expect(missing.status).toBe(422);
  });

  it('a join needs what the calls carrying the channel data need: licence, platform, ability', async () => {
    const ask = async (username: string, channelOf: (companyId: number) => string, host = t.host('acme')) => {
      const token = await t.login(username, host);
      const socket = connect({ token, host });
      await connected(socket);
      const ack: SubscribeAck = await socket.emitWithAck('subscribe', { channel: channelOf(editor.companyId) });
      return ack;
    };
    const models = (c: number) => `private-company.${c}.ProjectModel`;
    const materials = (c: number) => `private-company.${c}.Material`;
    // No licence: every call answers 403, and so does the socket's handshake.
    const portal = t.host('acme', 'customerportal');
    const unlicensed = connect({ token: await t.login('nolicence', portal), host: portal });
    expect((await refused(unlicensed)).message).toMatch(/licence/);
    // Materials are hatch's: a viewer on the customer portal may list models, not materials.
    expect(await ask('viewer', models, portal)).toMatchObject({ ok: true });
    expect(await ask('viewer', materials, portal)).toMatchObject({ ok: false, status: 403 });
    expect((await t.request('/v2/materials', { host: portal, token: await t.login('viewer', portal) })).status).toBe(
      403,
    );
    // Without the list's ability.
    await newRole(t, 'Projects only', ['view-projects']);
    const narrow = await newMember(t, 'projects-only', { role: 'Projects only', licences: ['hatch'] });
    const socket = connect({ token: narrow.token });
    await connected(socket);
    expect(await socket.emitWithAck('subscribe', { channel: models(editor.companyId) })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(
      await socket.emitWithAck('subscribe', { channel: `private-company.${editor.companyId}.Project` }),
    ).toMatchObject({ ok: true });
  });

  it('a revoked session can no longer join channels', async () => {
    const token = await t.login('editor');
    const socket = connect({ token });
    await connected(socket);
    await t.request('/v2/logout', { token });
    // The logout's sweep may cut the socket before the join arrives (realtime-revocation.test.ts);
    // a join that does arrive is refused by its own session check. Either way, nothing is joined.
    const cut = new Promise<'cut'>((resolve) => {
      socket.once('disconnect', () => resolve('cut'));
      if (!socket.connected) resolve('cut');
    });
    const join = socket
      .timeout(10_000)
      .emitWithAck('subscribe', { channel: userChannel(editor.companyId, editor.id) }) as Promise<SubscribeAck>;
    const outcome = await Promise.race([cut, join]);
    if (outcome !== 'cut') expect(outcome).toMatchObject({ ok: false, status: 403 });
    else join.catch(() => undefined);
  });

  it("a project's save reaches its company's sockets once it is answered, each once and in order, never another company's", async () => {
    const globexToken = await t.login('admin', t.host('globex'));
    const globex = await t.request<{ user: { company_id: number } }>('/v2/auth/validate', {
      token: globexToken,
      host: t.host('globex'),
    });
    const ours = Array.from({ length: 6 }, () => connect({ token: editorToken }));
    const theirs = connect({ token: globexToken, host: t.host('globex') });
    await Promise.all([...ours, theirs].map(connected));
    for (const socket of ours) {
      expect(await socket.emitWithAck('subscribe', { channel: contentChannel(editor.companyId) })).toMatchObject({
        ok: true,
      });
    }
    expect(
      await theirs.emitWithAck('subscribe', { channel: contentChannel(globex.body.user.company_id) }),
    ).toMatchObject({
      ok: true,
    });
    // Another company's channel stays closed to it, whatever it asks.
    expect(await theirs.emitWithAck('subscribe', { channel: contentChannel(editor.companyId) })).toMatchObject({
      ok: false,
    });
    const heard = new Map<Socket, ContentChanged[]>([...ours, theirs].map((socket) => [socket, []]));
    for (const [socket, events] of heard)
      socket.on(CONTENT_CHANGED_EVENT, (event: ContentChanged) => events.push(event));
    const created = await t.request<{ data: { id: number } }>('/v2/projects', {
      token: editorToken,
      json: { name: 'Fan-out project' },
    });
    const id = created.body.data.id;
    for (const name of ['Fan-out 1', 'Fan-out 2', 'Fan-out 3']) {
      const saved = await t.request(`/v2/projects/${id}`, { token: editorToken, method: 'PATCH', json: { name } });
      expect(saved.status).toBe(200);
    }
    await t.services.realtime.settled();
    const until = Date.now() + 3_000;
    while (ours.some((socket) => (heard.get(socket)?.length ?? 0) < 4) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const socket of ours) {
      expect(heard.get(socket)).toHaveLength(4);
      for (const event of heard.get(socket) ?? []) expect(event.resources).toContain('projects');
    }
    expect(heard.get(theirs)).toEqual([]);
  });
});
