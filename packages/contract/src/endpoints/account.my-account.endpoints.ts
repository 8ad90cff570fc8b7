import { z } from 'zod';
import { FILE_INVALID_TYPE, FILE_TOO_LARGE, formFlag, optionalText, requiredText } from '../content-saves.ts';
import { defineEndpoint, recordAnswerSchema } from '../endpoint.ts';
import { messageSchema, validationErrorSchema } from '../errors.ts';
import { idParamsSchema } from '../ids.ts';
import { updateNotificationSettingsSchema } from '../notifications.ts';
import { PASSWORD_MIN_LENGTH } from '../password-reset.ts';
import { emailField, myAccountRowSchema, usernameField } from './security.users.endpoints.ts';
import { binaryAnswerSchema } from './shared.endpoints.ts';

/** administration.md §5 / §9: profile images are JPEG, PNG or BMP of at most 3 MB. */
export const MAX_PROFILE_IMAGE_BYTES = 3 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/bmp'] as const;
/** administration.md §7: the success message of POST /my-account. */
export const MY_ACCOUNT_UPDATED = 'Update successful';
/** The answer's `metadata` after a save; the second one means every session (this one too) has ended. */
export const MY_ACCOUNT_METADATA = ['success', 'success_and_logged_out_all_devices'] as const;
export type MyAccountMetadata = (typeof MY_ACCOUNT_METADATA)[number];

export const CURRENT_PASSWORD_REQUIRED = 'The current password is required to set a new one.';
export const CURRENT_PASSWORD_WRONG = 'The current password is incorrect.';
export const NEW_PASSWORD_REQUIRED = 'The new password is required.';
export const NEW_PASSWORD_TOO_SHORT = `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const NEW_PASSWORD_MISMATCH = 'The new password confirmation does not match.';
export const NEW_PASSWORD_SAME = 'The new password must differ from the current password.';
export const CURRENT_PASSWORD_FOR_EMAIL = 'The current password is required to change the e-mail address.';

/** A new e-mail address counts once its owner follows the link mailed to it: `/verify-email?token=…`. */
export const VERIFY_EMAIL_PATH = '/verify-email';
export const EMAIL_VERIFICATION_HOURS = 24;
export const EMAIL_CHANGED = 'Your e-mail address has been changed.';
export const EMAIL_TOKEN_INVALID =
  'This confirmation link is invalid, has expired or has already been used. Change the address again in My Account.';
export const EMAIL_NOW_TAKEN = 'This address has been taken by another account in the meantime.';

const profileImageField = z
  .union(
    [
      z
        .file()
        .max(MAX_PROFILE_IMAGE_BYTES, FILE_TOO_LARGE)
        .mime([...PROFILE_IMAGE_TYPES], FILE_INVALID_TYPE),
      z.null(),
      z.literal('').transform(() => null),
    ],
    { error: FILE_INVALID_TYPE },
  )
  .describe('A JPEG, PNG or BMP of at most 3 MB in multipart; null or empty removes it');

const settingChange = updateNotificationSettingsSchema.shape.notification_settings.element;
/**
 * `notification_settings[{typeId}][email]` in form data nests into a list; JSON may send the
 * same map keyed by type id, or a list.
 */
const notificationSettingsField = z
  .union([z.array(settingChange).max(100), z.record(z.string().max(10), settingChange)], {
    error: 'Must be a list of notification settings.',
  })
  .transform((value) => (Array.isArray(value) ? value : Object.values(value)))
  .refine((value) => value.length <= 100, 'At most 100 notification settings.');

const passwordText = z.string({ error: 'Must be text.' }).max(1024, 'At most 1024 characters.');

/**
 * PATCH /my-account (POST with `_method=PATCH`, multipart): the given account fields change;
 * Name, Username and Email may not be emptied. A new password or e-mail needs the current one
 * (`current_password`, counted with sign-in's guesses); a new e-mail is only mailed a link and
 * replaces the old one when the link is followed (`pending_email` in the answer). Licences
 * are not the member's to change here (Security → Users edits them) and are ignored.
 * `logout_all_devices` ends every session of the account when the password changes.
 */
export const myAccountUpdateSchema = z.object({
  name: requiredText(255).optional(),
  username: usernameField.optional(),
  email: emailField.optional(),
  phone_number: optionalText(50).optional(),
  function: optionalText(255).optional(),
  profile_image: profileImageField.optional(),
  notification_settings: notificationSettingsField.optional(),
  current_password: passwordText.optional(),
  new_password: passwordText.optional(),
  new_password_confirmation: passwordText.optional(),
  logout_all_devices: formFlag.optional(),
});
export type MyAccountUpdate = z.input<typeof myAccountUpdateSchema>;

/** My Account's writes (administration.md §7); its reads are `userEndpoints.myAccount` and `.myActivity`. */
export const myAccountEndpoints = {
  update: defineEndpoint({
    method: 'PATCH',
    path: '/my-account',
    summary:
      'Changes my account (also POST with _method=PATCH, multipart): details, profile image, notification settings, password',
    tags: ['my-account'],
    body: myAccountUpdateSchema,
    answer: recordAnswerSchema(myAccountRowSchema, {
      message: z.literal(MY_ACCOUNT_UPDATED),
      metadata: z.enum(MY_ACCOUNT_METADATA),
      /** The address waiting for its link to be followed (mailed by this or an earlier save); null: none. */
      pending_email: z.string().nullable(),
    }),
    otherAnswers: { 422: validationErrorSchema, 429: messageSchema },
    activity: 'Updated their account',
  }),
  /** The link mailed to a new address: the account's e-mail becomes it, and the old address is told. */
  verifyEmail: defineEndpoint({
    method: 'POST',
    path: '/my-account/email/verify',
    summary: 'Confirm a new e-mail address with the token of the link mailed to it',
    tags: ['my-account'],
    body: z.object({ token: z.string().max(200).optional() }),
    answer: messageSchema,
    // 403: sent from another site (the cross-site rule of every write).
    otherAnswers: { 403: messageSchema, 422: validationErrorSchema },
  }),
  /** Where a User's `profile_image` points. */
  profileImage: defineEndpoint({
    method: 'GET',
    path: '/accounts/:id/profile-image',
    summary: 'The profile image of a member of this company',
    tags: ['my-account'],
    params: idParamsSchema,
    answer: binaryAnswerSchema,
  }),
} as const;
