import { CONTENT_CHANNEL_KIND, contentChannel, type PlatformKey } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import type { RequestTenant } from '#core/http/request-context.ts';
import type { CompanyRow } from '#core/tenancy/company.table.ts';
import { authorizeChannel, type ChannelKindRule, type ChannelSubject } from './channel-authorizer.ts';

/** As the modules register them at composition (notifications, content, their lists' access). */
const KINDS: Record<string, ChannelKindRule> = {
  user: { access: 'member', ownAccount: true },
  [CONTENT_CHANNEL_KIND]: { access: 'member' },
  ProjectModel: { access: { permission: 'list-project-models' } },
  LibraryItem: { access: { permission: 'list-library-items|list-libraries' } },
  Material: { access: { permission: 'list-materials', hatchOnly: true } },
};

const member = (abilities: string[], licences = ['hatch']): ChannelSubject => ({
  accountId: 7,
  admin: false,
  membership: { abilities, licences },
});
const tenant = (id: number, platform: PlatformKey | null = 'hatch'): RequestTenant => ({
  company: { id, name: `Company ${id}` } as CompanyRow,
  platform,
});
const decide = (subject: ChannelSubject, channel: unknown, company: RequestTenant | null = tenant(3)) =>
  authorizeChannel(subject, company, channel, KINDS);

describe('channel authorisation', () => {
  it('knows no kind of channel that no module registered', () => {
    const none = (channel: string) => authorizeChannel(member([]), tenant(3), channel, {});
    expect(none('private-company.3.user.7')).toMatchObject({ ok: false, status: 403 });
    expect(none(contentChannel(3))).toMatchObject({ ok: false, status: 403 });
  });

  it('lets a member join only their own user channel, with or without the private- prefix', () => {
    expect(decide(member([]), 'private-company.3.user.7')).toEqual({ ok: true, channel: 'private-company.3.user.7' });
    expect(decide(member([]), 'company.3.user.7')).toEqual({ ok: true, channel: 'private-company.3.user.7' });
    expect(decide(member([]), 'private-company.3.user.8')).toMatchObject({ ok: false, status: 403 });
    expect(decide(member([]), 'private-company.3.user')).toMatchObject({ ok: false, status: 403 });
  });

  it('keeps channels inside the host company and its members', () => {
    expect(decide(member([]), 'private-company.4.user.7')).toMatchObject({ ok: false });
    expect(decide(member([]), 'private-company.3.user.7', null)).toMatchObject({ ok: false });
    expect(decide({ accountId: 7, admin: false, membership: null }, 'private-company.3.user.7')).toMatchObject({
      ok: false,
    });
    expect(decide({ accountId: 7, admin: true, membership: null }, 'private-company.3.ProjectModel')).toMatchObject({
      ok: true,
    });
  });

  it('needs the kind permission for list and record channels; unknown kinds and shapes are refused', () => {
    expect(decide(member(['list-project-models']), 'private-company.3.ProjectModel')).toMatchObject({ ok: true });
    expect(decide(member(['list-project-models']), 'private-company.3.ProjectModel.12')).toMatchObject({ ok: true });
    expect(decide(member(['view-projects']), 'private-company.3.ProjectModel')).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(decide(member(['list-libraries']), 'private-company.3.LibraryItem.5')).toMatchObject({ ok: true });
    expect(decide(member(['view-projects']), 'private-company.3.Secret')).toMatchObject({ ok: false });
    expect(decide(member([]), 'private-company.3.user.7.extra')).toMatchObject({ ok: false });
    expect(decide(member([]), '')).toMatchObject({ ok: false, status: 422 });
    expect(decide(member([]), { channel: 1 })).toMatchObject({ ok: false, status: 422 });
  });

  it('asks what the calls carrying the data ask: the licence of the platform, hatch for hatch-only lists', () => {
    const unlicensed = member(['list-project-models', 'list-materials'], []);
    expect(decide(unlicensed, 'private-company.3.ProjectModel')).toMatchObject({ ok: false, status: 403 });
    expect(decide(unlicensed, 'private-company.3.Material')).toMatchObject({ ok: false, status: 403 });
    expect(decide(unlicensed, 'private-company.3.user.7')).toMatchObject({ ok: false, status: 403 });
    expect(decide(unlicensed, contentChannel(3))).toMatchObject({ ok: false, status: 403 });

    const portal = member(['list-project-models', 'list-materials'], ['hatch', 'design_and_sales']);
    const onPortal = tenant(3, 'customerportal');
    expect(decide(portal, 'private-company.3.Material', onPortal)).toMatchObject({ ok: false, status: 403 });
    expect(decide(portal, 'private-company.3.ProjectModel', onPortal)).toMatchObject({ ok: true });
    expect(decide(portal, 'private-company.3.Material')).toMatchObject({ ok: true });
    const admin = { accountId: 1, admin: true, membership: null };
    expect(decide(admin, 'private-company.3.Material', onPortal)).toMatchObject({ ok: false, status: 403 });
  });

  it('lets every member of the company, and only them, join its content channel', () => {
    expect(decide(member([]), contentChannel(3))).toMatchObject({ ok: true });
    expect(decide(member([]), contentChannel(4))).toMatchObject({ ok: false });
    expect(decide({ accountId: 7, admin: false, membership: null }, contentChannel(3))).toMatchObject({ ok: false });
  });
});
