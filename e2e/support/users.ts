import { LICENCES, type Licence, passwordResetEndpoints, roleEndpoints, userEndpoints } from '@meshport/contract';
import { inject } from 'vitest';
import { apiClient, apiLogin } from './api.ts';
import type { Host } from './hosts.ts';
import { linkIn, newestMailTo } from './mail.ts';

export interface CreatedMember {
  username: string;
  password: string;
  id: number;
}

const MAIL_WAIT_MS = 15_000;

/**
 * A new member of the host's company, made through POST /users as `editor` (role `roleTitle`,
 * by default 'Viewer'; `licences` by name), with the password set through the invitation link
 * the server mailed (POST /password/reset). Use a unique `username` per call: the e-mail is
 * `<username>@e2e.example`. For specs that change a user's password or settings without touching
 * the demo users.
 */
export async function createMember(
  port: number,
  host: Host,
  opts: { username: string; roleTitle?: string; licences?: string[] },
): Promise<CreatedMember> {
  const { dataDir } = inject('e2eServer');
  const editor = apiClient(port, host, await apiLogin(port, host, 'editor'));
  const roles = await editor.call(roleEndpoints.list, {
    query: { per_page: 100, filter: { search: opts.roleTitle ?? 'Viewer' } },
  });
  const role = roles.data.find((row) => row.title === (opts.roleTitle ?? 'Viewer'));
  if (!role) throw new Error(`createMember: no role "${opts.roleTitle ?? 'Viewer'}" on ${host}`);
  const licenses = (opts.licences ?? ['design_and_sales']).map((licence) => {
    if (!(LICENCES as readonly string[]).includes(licence)) throw new Error(`createMember: no licence "${licence}"`);
    return licence as Licence;
  });
  const email = `${opts.username}@e2e.example`;
  const created = await editor.call(userEndpoints.create, {
    body: {
      name: `E2E ${opts.username}`,
      username: opts.username,
      email,
      role_id: role.id,
      licenses,
    },
  });

  const deadline = Date.now() + MAIL_WAIT_MS;
  let link: string | null = null;
  while (!link && Date.now() < deadline) {
    link = linkIn(newestMailTo(dataDir, email) ?? '', '/reset-password');
    if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!link) throw new Error(`createMember: no invitation mail to ${email} within ${MAIL_WAIT_MS} ms`);
  const token = new URL(link).searchParams.get('token') ?? '';
  const password = `e2e-${opts.username}-Password-2026`;
  await apiClient(port, host).call(passwordResetEndpoints.reset, {
    body: { token, password, password_confirmation: password },
  });
  // A new address makes a member; an existing account's would only be invited (no id of the account).
  if ('status' in created.data || created.data.id === undefined)
    throw new Error(`createMember: ${email} was only invited`);
  return { username: opts.username, password, id: created.data.id };
}
