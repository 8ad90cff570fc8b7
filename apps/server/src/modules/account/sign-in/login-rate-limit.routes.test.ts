import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { plannedMaintenance } from '#core/maintenance/maintenance.table.ts';
import { DEMO_PASSWORD, describeEachDatabase, startTestApp, type TestApp } from '#test/test-app.ts';

const LIMITS = { perAccount: 3, perAddress: 10, perAccountTotal: 12, windowMinutes: 15 };
const TOO_MANY = /^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/;

describeEachDatabase('sign-in rate limits under concurrency', (kind) => {
  let t: TestApp;
  let nextAddress = 1;
  let address: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { rateLimits: LIMITS, env: { TRUST_PROXY: 'true' } });
  });
  beforeEach(async () => {
    await t.database.system.execute(sql`delete from login_failures`);
    address = `198.51.100.${nextAddress++}`;
  });
  afterAll(() => t.close());

  const login = (identity: string, password: string, from = address, host?: string) =>
    t.request('/v2/login', { host, json: { identity, password }, headers: { 'x-forwarded-for': from } });
  /** How many of the concurrent attempts answered each status. */
  const tally = async (attempts: Promise<{ status: number }>[]) => {
    const counts: Record<number, number> = {};
    for (const { status } of await Promise.all(attempts)) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  it('refuses guesses from one address without locking the owner out: the right password from elsewhere signs in', async () => {
    for (let i = 0; i < LIMITS.perAccount; i++) expect((await login('admin', `wrong-${i}`)).status).toBe(401);
    const limited = await login('admin', 'wrong-again');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(TOO_MANY);
    expect((await login('admin', DEMO_PASSWORD)).status).toBe(429);
    // The owner, elsewhere, signs in; again after a typo; the guesser's address stays refused.
    expect((await login('admin', DEMO_PASSWORD, '192.0.2.100')).status).toBe(200);
    expect((await login('admin', 'typo', '192.0.2.100')).status).toBe(401);
    expect((await login('admin', DEMO_PASSWORD, '192.0.2.100')).status).toBe(200);
    expect((await login('admin', 'wrong-once-more')).status).toBe(429);
  });

  it('checks the password of at most perAccountTotal of 40 concurrent guesses from 40 addresses; then 429 with Retry-After', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => login('editor', `wrong-${i}`, `203.0.113.${i + 1}`));
    expect(await tally(guesses)).toEqual({ 401: LIMITS.perAccountTotal, 429: 40 - LIMITS.perAccountTotal });
    const right = await login('editor', DEMO_PASSWORD, '192.0.2.77');
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(TOO_MANY);
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.windowMinutes * 60);
  });

  it('takes the client address from the nearest proxy only: a forged X-Forwarded-For does not buy new guesses', async () => {
    const forged = (i: number) =>
      t.request('/v2/login', {
        json: { identity: 'viewer', password: `wrong-${i}` },
        headers: { 'x-forwarded-for': `10.9.8.${i}, ${address}` },
      });
    for (let i = 0; i < LIMITS.perAccount; i++) expect((await forged(i)).status).toBe(401);
    expect((await forged(99)).status).toBe(429);
  });

  it('gives guesses through the username and through the e-mail one budget', async () => {
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const identity = i % 2 === 0 ? 'VIEWER' : 'viewer@meshport.example';
      expect((await login(identity, 'wrong')).status).toBe(401);
    }
    expect((await login('viewer@meshport.example', DEMO_PASSWORD)).status).toBe(429);
    expect((await login('viewer', DEMO_PASSWORD)).status).toBe(429);
  });

  it('limits an unknown identity per address like an account, without telling that it is unknown', async () => {
    for (let i = 0; i < LIMITS.perAccount; i++) {
      const res = await login(i % 2 === 0 ? 'ghost' : 'GHOST', 'wrong');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid Username or Password' });
    }
    const limited = await login('Ghost', 'wrong');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('ghost', 'wrong', '192.0.2.200')).status).toBe(401);
  });

  it('counts every concurrent attempt against the address, for known and unknown identities alike', async () => {
    // A few guesses at a real account, never more than its own limit, the rest at unknown identities.
    const identity = (i: number) => (i < LIMITS.perAccount ? 'admin' : `ghost-${i}`);
    const guesses = Array.from({ length: 40 }, (_, i) => login(identity(i), 'wrong'));
    expect(await tally(guesses)).toEqual({ 401: LIMITS.perAddress, 429: 40 - LIMITS.perAddress });
    expect((await login('viewer', DEMO_PASSWORD)).status).toBe(429);
    expect((await login('viewer', DEMO_PASSWORD, '192.0.2.201')).status).toBe(200);
  });

  it('clears the account count on a success, whichever identity the guesses used', async () => {
    for (let i = 0; i < LIMITS.perAccount - 1; i++) {
      expect((await login('nolicence@meshport.example', 'wrong')).status).toBe(401);
    }
    expect((await login('nolicence', DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < LIMITS.perAccount; i++) {
      expect((await login('nolicence@meshport.example', 'wrong')).status).toBe(401);
    }
    expect((await login('nolicence', DEMO_PASSWORD)).status).toBe(429);
  });

  it('counts a sign-in refused for a non-member as a failure', async () => {
    const globex = t.host('globex');
    for (let i = 0; i < LIMITS.perAccount; i++) {
      expect((await login('editor', DEMO_PASSWORD, address, globex)).status).toBe(403);
    }
    expect((await login('editor', DEMO_PASSWORD, address, globex)).status).toBe(429);
    expect((await login('editor', DEMO_PASSWORD, address)).status).toBe(429);
    expect((await login('editor', DEMO_PASSWORD, '192.0.2.202')).status).toBe(200);
  });

  it('does not block many accounts signing in from one address, yet still limits guesses from it', async () => {
    const people = ['admin', 'editor', 'viewer', 'nolicence'];
    for (let round = 0; round <= LIMITS.perAddress / people.length + 1; round++) {
      for (const person of people) expect((await login(person, DEMO_PASSWORD)).status, person).toBe(200);
    }
    for (let i = 0; i < LIMITS.perAddress; i++) {
      expect((await login(`ghost-${i}`, 'wrong')).status).toBe(401);
    }
    expect((await login('editor', DEMO_PASSWORD)).status).toBe(429);
  });

  it('does not count the right password refused during maintenance', async () => {
    const [window] = await t.database.system
      .insert(plannedMaintenance)
      .values({
        name: 'Upgrade',
        startDatetime: new Date(Date.now() - 60_000),
        endDatetime: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: plannedMaintenance.id });
    t.services.maintenance.invalidate();
    try {
      for (let i = 0; i < LIMITS.perAccount + 1; i++) {
        expect((await login('viewer', DEMO_PASSWORD)).status).toBe(503);
      }
    } finally {
      await t.database.system.delete(plannedMaintenance).where(eq(plannedMaintenance.id, window?.id ?? -1));
      t.services.maintenance.invalidate();
    }
    expect((await login('viewer', DEMO_PASSWORD)).status).toBe(200);
  });
});
