import { randomBytes } from 'node:crypto';
import {
  CURRENT_PASSWORD_FOR_EMAIL,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  FILE_INVALID_TYPE,
  type myAccountUpdateSchema,
  NEW_PASSWORD_MISMATCH,
  NEW_PASSWORD_REQUIRED,
  NEW_PASSWORD_SAME,
  NEW_PASSWORD_TOO_SHORT,
  NOTIFICATION_TYPES,
  PASSWORD_MIN_LENGTH,
  type PROFILE_IMAGE_TYPES,
} from '@meshport/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accounts } from '#core/auth/account.table.ts';
import type { LoginRateLimiter } from '#core/auth/login-rate-limiter.ts';
import { hashPassword, verifyPassword } from '#core/auth/password.ts';
import type { SessionService } from '#core/auth/session.service.ts';
import type { Database } from '#core/db/database.ts';
import { sniffType } from '#core/http/form-fields.ts';
import { ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import type { NotificationService } from '#modules/account/notifications/notification.service.ts';
import { isUniqueViolation } from '#modules/tools/shared/named-record.writer.ts';
import type { EmailChangePlace, EmailChangeService } from './email-change.service.ts';

type MyAccountUpdate = z.output<typeof myAccountUpdateSchema>;
type Errors = Record<string, string[]>;

const EXTENSIONS: Record<(typeof PROFILE_IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/bmp': 'bmp',
};
/** The stored file's extension → the type it is served as. */
export const PROFILE_IMAGE_CONTENT_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([type, extension]) => [extension, type]),
);
const KNOWN_TYPE_IDS: ReadonlySet<number> = new Set(NOTIFICATION_TYPES.map((type) => type.id));
const TAKEN = { username: 'The username has already been taken.', email: 'The email has already been taken.' };

export interface MyAccountScope {
  companyId: number;
  accountId: number;
  /** The client's address: guesses of `current_password` count with sign-in's there. */
  ip: string;
  place: EmailChangePlace;
}

/** What a save did beyond the fields: whether every session of the account has ended, the address waiting for its link. */
export interface MyAccountSaved {
  loggedOutAllDevices: boolean;
  pendingEmail: string | null;
}

/**
 * My Account's save (spec: one multipart POST /my-account, administration.md §7): the account's own
 * fields, its profile image, its notification settings in this company and its password. Everything
 * is checked before anything is written, so that a 422 changes nothing.
 */
export class MyAccountService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly sessions: SessionService,
    private readonly notifications: NotificationService,
    private readonly limiter: LoginRateLimiter,
    private readonly emailChanges: EmailChangeService,
  ) {}

  async update(scope: MyAccountScope, input: MyAccountUpdate): Promise<MyAccountSaved> {
    const [account] = await this.database.system
      .select({
        name: accounts.name,
        username: accounts.username,
        email: accounts.email,
        passwordHash: accounts.passwordHash,
        profileImagePath: accounts.profileImagePath,
      })
      .from(accounts)
      .where(eq(accounts.id, scope.accountId));
    if (!account) throw new ValidationError({ email: ['This account no longer exists.'] });

    const errors: Errors = {};
    await this.checkTaken(scope.accountId, input, errors);
    // A new address is only mailed a link here; the account's stays until the link is followed.
    const newEmail = input.email !== undefined && input.email !== account.email ? input.email : null;
    const newPassword = await this.checkPassword(
      { ...account, id: scope.accountId, ip: scope.ip },
      input,
      newEmail,
      errors,
    );
    const unknownTypes = (input.notification_settings ?? [])
      .map((setting) => setting.notification_type_id)
      .filter((id) => !KNOWN_TYPE_IDS.has(id));
    if (unknownTypes.length) errors.notification_settings = [`Unknown notification type: ${unknownTypes.join(', ')}.`];
    let imageBytes: Uint8Array | null = null;
    if (input.profile_image instanceof File) {
      imageBytes = new Uint8Array(await input.profile_image.arrayBuffer());
      // The schema judged the type the part claims; the bytes decide.
      if (!(sniffType(imageBytes) in EXTENSIONS)) errors.profile_image = [FILE_INVALID_TYPE];
    }
    if (Object.keys(errors).length) throw new ValidationError(errors);

    const imageKey = imageBytes ? await this.storeImage(scope.accountId, imageBytes) : undefined;
    const changes = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.username !== undefined && { username: input.username }),
      ...(input.phone_number !== undefined && { phoneNumber: input.phone_number }),
      ...(input.function !== undefined && { function: input.function }),
      ...(input.profile_image !== undefined && { profileImagePath: imageKey ?? null }),
      ...(newPassword !== null && { passwordHash: await hashPassword(newPassword) }),
    };
    try {
      await this.database.system
        .update(accounts)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(accounts.id, scope.accountId));
    } catch (error) {
      if (imageKey) await this.storage.remove(imageKey).catch(() => {});
      // Another account took the name between the check and the write.
      if (isUniqueViolation(error)) throw new ValidationError(this.takenFields(error, input));
      throw error;
    }
    if (input.profile_image !== undefined && account.profileImagePath) {
      await this.storage.remove(account.profileImagePath).catch(() => {});
    }
    if (input.notification_settings?.length) {
      await this.notifications.updateSettings(scope.companyId, scope.accountId, input.notification_settings);
    }
    if (newPassword !== null) {
      await this.notifications.notify(scope.companyId, scope.accountId, {
        typeKey: 'password-changed',
        title: 'Password changed',
        text: 'The password of your account was changed from My Account.',
      });
    }
    if (newEmail !== null)
      await this.emailChanges.request({ id: scope.accountId, name: account.name }, newEmail, scope.place);
    // administration.md §4: the flag goes with a password change; on its own it changes nothing.
    const loggedOutAllDevices = newPassword !== null && input.logout_all_devices === true;
    if (loggedOutAllDevices) await this.sessions.revokeAll(scope.accountId);
    return { loggedOutAllDevices, pendingEmail: await this.emailChanges.pending(scope.accountId) };
  }

  private async checkTaken(accountId: number, input: MyAccountUpdate, errors: Errors): Promise<void> {
    for (const field of ['username', 'email'] as const) {
      const value = input[field];
      if (value === undefined) continue;
      const column = accounts[field];
      const [other] = await this.database.system
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sql`lower(${column}) = ${value.toLowerCase()}`, ne(accounts.id, accountId)))
        .limit(1);
      if (other) errors[field] = [TAKEN[field]];
    }
  }

  /**
   * The new password when one is asked for and every rule holds, else null. A new password or a
   * new e-mail needs the current password, checked as a sign-in attempt (the limiter's counts, 429
   * when over). Errors go under current_password, and under new_password in order (the screen
   * shows the second message under the confirmation, administration.md §5).
   */
  private async checkPassword(
    account: { id: number; username: string; passwordHash: string; ip: string },
    input: MyAccountUpdate,
    newEmail: string | null,
    errors: Errors,
  ): Promise<string | null> {
    const current = input.current_password ?? '';
    const next = input.new_password ?? '';
    const confirmation = input.new_password_confirmation ?? '';
    const passwordChange = next !== '' || confirmation !== '' || (current !== '' && newEmail === null);
    if (!passwordChange && newEmail === null) return null;
    const nextErrors: string[] = [];
    if (passwordChange) {
      if (next === '') nextErrors.push(NEW_PASSWORD_REQUIRED);
      else if (next.length < PASSWORD_MIN_LENGTH) nextErrors.push(NEW_PASSWORD_TOO_SHORT);
      if (next !== confirmation) nextErrors.push(NEW_PASSWORD_MISMATCH);
    }
    if (current === '') {
      errors.current_password = [passwordChange ? CURRENT_PASSWORD_REQUIRED : CURRENT_PASSWORD_FOR_EMAIL];
    } else if (!(await this.currentPasswordRight(account, current))) {
      errors.current_password = [CURRENT_PASSWORD_WRONG];
    } else if (next !== '' && next === current) nextErrors.push(NEW_PASSWORD_SAME);
    if (nextErrors.length) errors.new_password = nextErrors;
    return !passwordChange || errors.current_password || nextErrors.length ? null : next;
  }

  /** Whether `current` is the password: a sign-in attempt for the limiter, so a stolen session guesses no faster. */
  private async currentPasswordRight(
    account: { id: number; username: string; passwordHash: string; ip: string },
    current: string,
  ): Promise<boolean> {
    const attempt = await this.limiter.begin(account.id, account.username, account.ip);
    const right = await verifyPassword(account.passwordHash, current);
    if (right) await this.limiter.succeeded(attempt);
    return right;
  }

  private takenFields(error: unknown, input: MyAccountUpdate): Errors {
    const text = String((error as { constraint?: string; cause?: { constraint?: string } }).cause?.constraint ?? error);
    if (text.includes('username') || input.email === undefined) return { username: [TAKEN.username] };
    return { email: [TAKEN.email] };
  }

  private async storeImage(accountId: number, bytes: Uint8Array): Promise<string> {
    const extension = EXTENSIONS[sniffType(bytes) as keyof typeof EXTENSIONS];
    const key = `accounts/${accountId}/profile-${randomBytes(6).toString('hex')}.${extension}`;
    await this.storage.put(key, Buffer.from(bytes));
    return key;
  }
}
