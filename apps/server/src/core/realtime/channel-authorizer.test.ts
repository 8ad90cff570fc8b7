import { contentChannel } from '@meshport/contract';
import { describe, expect, it } from 'vitest';
import { authorizeChannel, type ChannelSubject, DEFAULT_CHANNEL_KINDS } from './channel-authorizer.ts';

const member = (abilities: string[]): ChannelSubject => ({
  accountId: 7,
  admin: false,
  membership: { abilities, licences: ['hatch'] },
});
const decide = (subject: ChannelSubject, channel: unknown, company: number | null = 3) =>
  authorizeChannel(subject, company, channel, DEFAULT_CHANNEL_KINDS);

describe('channel authorisation', () => {
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

  it('lets every member of the company, and only them, join its content channel', () => {
    expect(decide(member([]), contentChannel(3))).toMatchObject({ ok: true });
    expect(decide(member([]), contentChannel(4))).toMatchObject({ ok: false });
    expect(decide({ accountId: 7, admin: false, membership: null }, contentChannel(3))).toMatchObject({ ok: false });
  });
});
