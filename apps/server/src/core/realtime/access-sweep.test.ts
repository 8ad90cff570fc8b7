import { describe, expect, it } from 'vitest';
import { parseChange } from '#core/db/change-feed.ts';
import { SweepQueue, type SweepScope, socketsAffectedBy } from './access-sweep.ts';

const of = (payload: string) => socketsAffectedBy(parseChange(payload) ?? { kind: 'all' });

describe('which sockets a change re-checks', () => {
  it('an ended session: its account’s; an account, the system path or an unknown session: all', () => {
    expect(of('sessions:7')).toEqual({ account: 7 });
    expect(of('sessions')).toBe('all');
    expect(of('3:accounts')).toBe('all');
    expect(of('*:companies')).toBe('all');
    expect(of('*')).toBe('all');
  });

  it('memberships, roles and licences of a company: the sockets on its hosts; content: none', () => {
    for (const table of ['memberships', 'roles', 'role_abilities', 'membership_licences', 'company_licences']) {
      expect(of(`3:${table}`)).toBe(3);
    }
    expect(of('3')).toBe(3);
    expect(of('3:project_models')).toBeNull();
    expect(of('*:geometry_events')).toBeNull();
  });

  it('gathers the changes of a moment into one sweep, and sweeps again for changes during one', async () => {
    const sweeps: SweepScope[] = [];
    let release = () => {};
    const queue = new SweepQueue(
      async (scope) => {
        sweeps.push(scope);
        if (sweeps.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      (error) => {
        throw error;
      },
    );
    queue.add({ kind: 'sessions', accountId: 7 });
    queue.add({ kind: 'company', companyId: 3, table: 'memberships' });
    queue.add({ kind: 'company', companyId: 3, table: 'labels' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sweeps).toEqual([{ all: false, accounts: new Set([7]), companies: new Set([3]), companiesChanged: false }]);
    queue.add({ kind: 'all', table: 'companies' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(sweeps).toHaveLength(1);
    release();
    await queue.idle();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await queue.idle();
    expect(sweeps[1]).toEqual({ all: true, accounts: new Set(), companies: new Set(), companiesChanged: true });
    expect(queue.started).toBe(2);
  });
});
