import type { FormValue } from '@/shared/forms/index.ts';

export const MY_ACCOUNT_TABS = ['details', 'activity', 'settings'] as const;
export type MyAccountTab = (typeof MY_ACCOUNT_TABS)[number];

export function parseTab(value: string | null): MyAccountTab {
  return MY_ACCOUNT_TABS.find((tab) => tab === value) ?? 'details';
}

export interface MyAccountFormValues {
  name: string;
  username: string;
  email: string;
  phone_number: string;
  function: string;
  current_password: string;
  /** The current password asked for under Email when the address changes (the server needs it). */
  email_password: string;
  new_password: string;
  new_password_confirmation: string;
  logout_all_devices: boolean;
}

export type MyAccountField = keyof MyAccountFormValues;

const DETAIL_FIELDS: readonly MyAccountField[] = [
  'name',
  'username',
  'email',
  'email_password',
  'phone_number',
  'function',
];
const PASSWORD_FIELDS: readonly MyAccountField[] = [
  'current_password',
  'new_password',
  'new_password_confirmation',
  'logout_all_devices',
];

export function initialValues(account: {
  name: string;
  username: string;
  email: string;
  phone_number: string | null;
  function: string | null;
}): MyAccountFormValues {
  return {
    name: account.name,
    username: account.username,
    email: account.email,
    phone_number: account.phone_number ?? '',
    function: account.function ?? '',
    current_password: '',
    email_password: '',
    new_password: '',
    new_password_confirmation: '',
    logout_all_devices: false,
  };
}

export function wantsPasswordChange(values: MyAccountFormValues): boolean {
  return values.current_password !== '' || values.new_password !== '' || values.new_password_confirmation !== '';
}

/** Whether the form asks for another e-mail address than the account's (`loadedEmail`). */
export function wantsEmailChange(values: MyAccountFormValues, loadedEmail: string): boolean {
  return values.email.trim() !== loadedEmail;
}

/**
 * The body of POST /my-account: the details (emptied optional fields clear), the changed
 * notification settings, the password fields only when a new password is asked for, and the
 * current password when the e-mail changes (the one typed under Email, or the password form's).
 */
export function saveBody(
  values: MyAccountFormValues,
  settings: readonly { notification_type_id: number; email: boolean; browser: boolean }[],
  loadedEmail: string,
): Record<string, FormValue> {
  const body: Record<string, FormValue> = {
    name: values.name,
    username: values.username,
    email: values.email,
    phone_number: values.phone_number.trim() === '' ? null : values.phone_number,
    function: values.function.trim() === '' ? null : values.function,
  };
  if (settings.length) body.notification_settings = settings;
  if (wantsPasswordChange(values)) {
    body.current_password = values.current_password;
    body.new_password = values.new_password;
    body.new_password_confirmation = values.new_password_confirmation;
    body.logout_all_devices = values.logout_all_devices;
  }
  if (wantsEmailChange(values, loadedEmail) && !body.current_password) body.current_password = values.email_password;
  return body;
}

/**
 * A 422's messages per form field (administration.md §5): the first `new_password` message
 * under the new password, the second under its confirmation. What no field takes is returned
 * apart, for a banner.
 */
export function placeServerErrors(
  errors: Record<string, readonly string[]>,
  /** The current password was asked for the e-mail only: its message goes under Email. */
  forEmailOnly = false,
): {
  fields: Partial<Record<MyAccountField, string>>;
  other: string[];
} {
  const fields: Partial<Record<MyAccountField, string>> = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const [first, second] = messages;
    if (first === undefined) continue;
    if (key === 'new_password') {
      fields.new_password = first;
      if (second !== undefined) fields.new_password_confirmation = second;
    } else if (key === 'current_password' && forEmailOnly) {
      fields.email_password = first;
    } else if (
      (DETAIL_FIELDS as readonly string[]).includes(key) ||
      (PASSWORD_FIELDS as readonly string[]).includes(key)
    ) {
      fields[key as MyAccountField] = first;
    } else other.push(first);
  }
  return { fields, other };
}

/** The tab that shows a field, to open it when a save fails there. */
export function tabOf(field: MyAccountField): MyAccountTab {
  return DETAIL_FIELDS.includes(field) ? 'details' : 'settings';
}
