import { describe, expect, it } from 'vitest';
import { initialValues, parseTab, placeServerErrors, saveBody, tabOf } from './my-account-form.logic.ts';

const account = { name: 'Ann', username: 'ann', email: 'ann@example.test', phone_number: null, function: 'CEO' };

describe('My Account form', () => {
  it('reads the tab from the address, Details by default', () => {
    expect(parseTab('activity')).toBe('activity');
    expect(parseTab('settings')).toBe('settings');
    expect(parseTab(null)).toBe('details');
    expect(parseTab('nonsense')).toBe('details');
  });

  it('sends the details, changed settings, and the password fields only for a new password', () => {
    const values = { ...initialValues(account), function: ' ' };
    expect(saveBody(values, [], account.email)).toEqual({
      name: 'Ann',
      username: 'ann',
      email: 'ann@example.test',
      phone_number: null,
      function: null,
    });
    const withPassword = saveBody(
      { ...values, current_password: 'old', new_password: 'n', logout_all_devices: true },
      [{ notification_type_id: 2, email: true, browser: false }],
      account.email,
    );
    expect(withPassword).toMatchObject({
      notification_settings: [{ notification_type_id: 2, email: true, browser: false }],
      current_password: 'old',
      new_password: 'n',
      new_password_confirmation: '',
      logout_all_devices: true,
    });
  });

  it('puts the second new_password message under the confirmation, and keeps unknown ones apart', () => {
    expect(
      placeServerErrors({
        current_password: ['Wrong.'],
        new_password: ['Too short.', 'Does not match.'],
        email: ['Taken.'],
        notification_settings: ['Unknown type.'],
      }),
    ).toEqual({
      fields: {
        current_password: 'Wrong.',
        new_password: 'Too short.',
        new_password_confirmation: 'Does not match.',
        email: 'Taken.',
      },
      other: ['Unknown type.'],
    });
    expect(tabOf('email')).toBe('details');
    expect(tabOf('new_password_confirmation')).toBe('settings');
  });

  it('sends the current password with a new e-mail, and places its message under Email', () => {
    const values = { ...initialValues(account), email: 'ann@new.test', email_password: 'secret' };
    expect(saveBody(values, [], account.email)).toMatchObject({ email: 'ann@new.test', current_password: 'secret' });
    expect(saveBody({ ...values, email: account.email }, [], account.email)).not.toHaveProperty('current_password');
    const both = { ...values, current_password: 'old', new_password: 'n' };
    expect(saveBody(both, [], account.email).current_password).toBe('old');
    expect(placeServerErrors({ current_password: ['Needed.'] }, true)).toEqual({
      fields: { email_password: 'Needed.' },
      other: [],
    });
    expect(tabOf('email_password')).toBe('details');
  });
});
