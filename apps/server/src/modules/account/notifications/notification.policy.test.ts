import { describe, expect, it } from 'vitest';
import { can } from '#core/access/policy.ts';
import { notificationPolicy } from './notification.policy.ts';

const member = { accountId: 7, admin: false, abilities: [] };
const admin = { accountId: 1, admin: true, abilities: [] };

describe('notification policy', () => {
  it('lets the recipient see and mark their notification', () => {
    expect(can(notificationPolicy, member, 'view', { accountId: 7 })).toBe(true);
    expect(can(notificationPolicy, member, 'update', { accountId: 7 })).toBe(true);
  });

  it("refuses anyone else's, platform admins included", () => {
    expect(can(notificationPolicy, member, 'view', { accountId: 8 })).toBe(false);
    expect(can(notificationPolicy, member, 'update', { accountId: 8 })).toBe(false);
    expect(can(notificationPolicy, admin, 'view', { accountId: 7 })).toBe(false);
    expect(can(notificationPolicy, admin, 'update', { accountId: 7 })).toBe(false);
  });
});
