import type { PlatformKey } from '@meshport/contract';
import { httpCall, PASSWORD } from '../list-api/bench-setup.ts';

/** Who uses the product in the mix: a person signed in on one platform of one tenant. */
export interface SessionPlan {
  tenant: string;
  platform: PlatformKey;
  username: string;
  /** What this person is, for the report (their abilities decide what they can read). */
  role: string;
}

export interface Session extends SessionPlan {
  label: string;
  host: string;
  token: string;
}

/**
 * The generated tenants (`npm run generate -- --companies 3`): gen1 is the large one, gen2 and
 * gen3 the two smaller ones used at the same time. Each has `<tenant>-admin` (role Editor, every
 * ability) and `<tenant>-user-N`, Editor when the account id is a multiple of 3, else Viewer
 * (view and list abilities only); all hold both platforms' licences. The demo's `admin` is the
 * system administrator (administration lists), on its tenant acme.
 */
export function sessionPlans(tenants: { large: string; small: string[] }): SessionPlan[] {
  const { large, small } = tenants;
  return [
    { tenant: large, platform: 'hatch', username: `${large}-admin`, role: 'editor (every ability)' },
    { tenant: large, platform: 'customerportal', username: `${large}-admin`, role: 'editor (every ability)' },
    { tenant: large, platform: 'hatch', username: `${large}-user-1`, role: 'generated user' },
    { tenant: large, platform: 'customerportal', username: `${large}-user-2`, role: 'generated user' },
    { tenant: large, platform: 'hatch', username: `${large}-user-3`, role: 'generated user' },
    ...small.flatMap((tenant): SessionPlan[] => [
      { tenant, platform: 'hatch', username: `${tenant}-admin`, role: 'editor (every ability)' },
      { tenant, platform: 'customerportal', username: `${tenant}-user-1`, role: 'generated user' },
    ]),
    { tenant: 'acme', platform: 'hatch', username: 'admin', role: 'system administrator' },
  ];
}

export function hostOf(plan: Pick<SessionPlan, 'platform' | 'tenant'>, baseDomain: string): string {
  return `${plan.platform}-${plan.tenant}.${baseDomain}`;
}

export async function signInAll(url: string, plans: SessionPlan[], baseDomain: string): Promise<Session[]> {
  const sessions: Session[] = [];
  for (const plan of plans) {
    const host = hostOf(plan, baseDomain);
    const answer = await httpCall(`${url}/v2/login`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ identity: plan.username, password: PASSWORD, issue_token: true }),
    });
    if (answer.status !== 200)
      throw new Error(`sign-in of ${plan.username} at ${host}: ${answer.status} ${answer.text}`);
    const token = (JSON.parse(answer.text) as { access_token: string }).access_token;
    sessions.push({ ...plan, host, token, label: `${plan.username}@${plan.platform}-${plan.tenant}` });
  }
  return sessions;
}

export function sessionHeaders(session: Session, extra: Record<string, string> = {}): Record<string, string> {
  return {
    host: session.host,
    authorization: `Bearer ${session.token}`,
    accept: 'application/json',
    'accept-encoding': 'gzip',
    ...extra,
  };
}
