import { ABILITIES, hasPermission, type PermissionExpression } from '@meshport/contract';
import { httpRequest } from '@meshport/contract/node-http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiRoutes } from '#app/build-app.ts';
import { notHeldMessage } from '#core/access/grant.ts';
import { queryRows } from '#core/db/database.ts';
import type { RouteDefinition } from '#core/http/route.ts';
import { type InsiderMember, insiderMembers } from './insider-members.ts';
import { describeEachDatabase, startTestApp, type TestApp } from './test-app.ts';

/**
 * The insider (issue 24, docs/decisions/0033): for each single ability the product defines, a
 * member of acme holding only that ability (and the hatch and design_and_sales licences) sends
 * every operation of the route table. Each is either refused at the gate (403) or reached; what is
 * expected comes from the routes' declarations, never from a hand list.
 */

/** Who the sweep signs in: one member per ability, and one whose role holds none (the signed-in basics). */
const NONE = 'none';
const MEMBERS: Record<string, readonly string[]> = {
  [NONE]: [],
  ...Object.fromEntries(ABILITIES.map((ability) => [ability, [ability]])),
};

interface Probe {
  /** `GET /v2/projects?trashed=1` */
  label: string;
  method: string;
  path: string;
  /** Whether a member holding these abilities passes; 'basic' for every member. */
  reaches: (abilities: readonly string[]) => boolean;
  basic: boolean;
}

const holdsAll = (abilities: readonly string[], ...expressions: PermissionExpression[]) =>
  expressions.every((expression) => hasPermission({ admin: false, abilities }, expression));

/** Path parameters: values of no record, so that what is reached changes nothing (a 404 or a 422). */
const fill = (path: string) => path.replace(/:(\w+)/g, (_all, name: string) => (/id$/.test(name) ? '999999' : 'none'));

/**
 * The operations a member may send, from the route declarations. Public routes are anyone's and
 * not probed; GETs that change state (sign-out) would end the sweep's sessions.
 */
function probes(routes: RouteDefinition[]): Probe[] {
  const out: Probe[] = [];
  for (const { endpoint, access, changesState } of routes) {
    if (access === 'public' || (changesState && endpoint.method === 'GET')) continue;
    const path = `/v2${fill(endpoint.path)}`;
    const label = `${endpoint.method} /v2${endpoint.path}`;
    if (access === 'signed-in' || access === 'member') {
      out.push({ label, method: endpoint.method, path, reaches: () => true, basic: true });
    } else if (access === 'admin') {
      out.push({ label, method: endpoint.method, path, reaches: () => false, basic: false });
    } else {
      const { permission, trashedPermission } = access;
      out.push({ label, method: endpoint.method, path, reaches: (held) => holdsAll(held, permission), basic: false });
      if (trashedPermission) {
        out.push({
          label: `${label}?trashed=1`,
          method: endpoint.method,
          path: `${path}?trashed=1`,
          reaches: (held) => holdsAll(held, permission, trashedPermission),
          basic: false,
        });
      }
    }
  }
  return out;
}

const BODILESS = new Set(['GET', 'HEAD', 'DELETE']);

describeEachDatabase('the insider: each single ability reaches what it allows, nothing else', (kind) => {
  let t: TestApp;
  let members: Record<string, InsiderMember>;
  let sweep: Probe[];
  beforeAll(async () => {
    t = await startTestApp(kind);
    members = await insiderMembers(t, MEMBERS);
    sweep = probes(apiRoutes(t.services));
  }, 120_000);
  afterAll(() => t.close());

  it('sweeps every operation of the route table as each member', async () => {
    // The basics do not depend on abilities (the gate admits every member before it reads them): probed once.
    const jobs = Object.entries(members).flatMap(([name, member]) =>
      sweep.filter((probe) => name === NONE || !probe.basic).map((probe) => ({ name, member, probe })),
    );
    await t.services.changes.sync();
    const host = t.host('acme');
    const wrong: string[] = [];
    const reached = new Map<string, string[]>();
    let next = 0;
    const worker = async () => {
      for (let job = jobs[next++]; job; job = jobs[next++]) {
        const { name, member, probe } = job;
        const answer = await httpRequest(t.url, probe.path, {
          host,
          method: probe.method,
          token: member.token,
          ...(BODILESS.has(probe.method) ? {} : { json: {} }),
        });
        const expected = probe.reaches(MEMBERS[name] ?? []);
        const passed = answer.status !== 401 && answer.status !== 403;
        if (answer.status === 401 || passed !== expected) {
          wrong.push(`${name}: ${probe.label} answered ${answer.status}, expected ${expected ? 'reached' : '403'}`);
        }
        if (passed && !probe.basic) reached.set(name, [...(reached.get(name) ?? []), probe.label]);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(wrong).toEqual([]);
    expect(jobs.length).toBeGreaterThan(ABILITIES.length * 90);
    // The reach of each ability beyond the signed-in basics, for review (docs/decisions/0033).
    const table = Object.keys(MEMBERS)
      .map(
        (name) =>
          `${name}:\n${(reached.get(name) ?? [])
            .sort()
            .map((label) => `  ${label}\n`)
            .join('')}`,
      )
      .join('');
    await expect(table).toMatchFileSnapshot('./insider-reach.snapshot.txt');
  }, 300_000);

  it('cannot climb: the escalations of issue 24 are refused and change nothing', async () => {
    const editorRole = (
      await queryRows<{ id: number }>(
        t.database.system,
        sql`select r.id from roles r join companies c on c.id = r.company_id where c.sub_domain = 'acme' and r.title = 'Editor'`,
      )
    )[0]?.id as number;
    const as = (name: string) => ({ token: members[name]?.token as string });
    const abilities = async (name: string) =>
      (await t.request('/v2/my-account', as(name))).body.data.abilities as string[];

    const updateUsers = members['update-users'] as InsiderMember;
    const ownRole = await t.request(`/v2/users/${updateUsers.accountId}`, {
      method: 'PATCH',
      json: { role_id: editorRole },
      ...as('update-users'),
    });
    expect(ownRole.status).toBe(422);
    expect(await abilities('update-users')).toEqual(['update-users']);

    const updateRoles = members['update-roles'] as InsiderMember;
    const grow = await t.request(`/v2/roles/${updateRoles.roleId}`, {
      method: 'PATCH',
      json: { abilities: ['update-roles', 'create-users'] },
      ...as('update-roles'),
    });
    expect(grow.status).toBe(422);
    expect(grow.body.errors).toEqual({ abilities: [notHeldMessage('abilities', ['create-users'])] });
    expect(await abilities('update-roles')).toEqual(['update-roles']);

    const createUsers = await t.request('/v2/users', {
      method: 'POST',
      json: { name: 'Planted', username: 'planted', email: 'planted@example.test', role_id: editorRole },
      ...as('create-users'),
    });
    expect(createUsers.status).toBe(422);
    expect(createUsers.body.errors.role_id).toHaveLength(1);

    const createRoles = await t.request('/v2/roles', {
      method: 'POST',
      json: { title: 'Everything', abilities: [...ABILITIES] },
      ...as('create-roles'),
    });
    expect(createRoles.status).toBe(422);
    const other = members['update-users'] as InsiderMember;
    const otherRole = await t.request(`/v2/users/${members['create-users']?.accountId}`, {
      method: 'PATCH',
      json: { role_id: other.roleId },
      ...as('create-users'),
    });
    expect(otherRole.status, 'create-users does not change members').toBe(403);
  });
});
