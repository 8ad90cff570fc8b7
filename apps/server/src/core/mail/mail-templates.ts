import type { MailMessage } from './mailer.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A plain, inline-styled HTML body: mail clients ignore style sheets. */
function layout(sender: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#275953;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#666">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html>
<html><body style="font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#222;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
${body}
${button}
<p style="margin:32px 0 0;font-size:12px;color:#666">${escapeHtml(sender)}</p>
</div></body></html>
`;
}

/** "Acme Kitchens" when the request came through a tenant; otherwise the product's name. */
export const senderName = (tenantName: string | null) => tenantName ?? 'Meshport';

export function passwordResetMail(input: {
  to: string;
  name: string;
  tenantName: string | null;
  url: string;
  minutes: number;
}): MailMessage {
  const sender = senderName(input.tenantName);
  const intro = [
    `Hello ${input.name},`,
    `Someone (hopefully you) asked to reset the password of your ${sender} account.`,
  ];
  const outro = [
    `The link works once and expires in ${input.minutes} minutes.`,
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ];
  return {
    to: input.to,
    subject: `${sender}: reset your password`,
    text: `${intro.join('\n\n')}\n\nOpen this link to choose a new password:\n${input.url}\n\n${outro.join('\n\n')}\n\n-- \n${sender}\n`,
    html: layout(sender, [...intro, 'Choose a new password with the button below.', ...outro], {
      label: 'Reset password',
      url: input.url,
    }),
  };
}

/** The first mail of a new account: its link sets the password through the reset form. */
export function invitationMail(input: {
  to: string;
  name: string;
  tenantName: string;
  url: string;
  days: number;
}): MailMessage {
  const sender = senderName(input.tenantName);
  const intro = [`Hello ${input.name},`, `An account has been made for you at ${sender}.`];
  const outro = [
    `The link works once and expires in ${input.days} days. After that, ask for a new one with "Forgot password" on the sign-in page.`,
  ];
  return {
    to: input.to,
    subject: `${sender}: your account is ready`,
    text: `${intro.join('\n\n')}\n\nOpen this link to choose your password and sign in:\n${input.url}\n\n${outro.join('\n\n')}\n\n-- \n${sender}\n`,
    html: layout(sender, [...intro, 'Choose your password with the button below, then sign in.', ...outro], {
      label: 'Choose a password',
      url: input.url,
    }),
  };
}

export function notificationMail(input: { to: string; name: string; tenantName: string; title: string; text: string }) {
  const paragraphs = [`Hello ${input.name},`, input.text, `You can see your notifications in ${input.tenantName}.`];
  return {
    to: input.to,
    subject: `${input.tenantName}: ${input.title}`,
    text: `${paragraphs.join('\n\n')}\n\nYou receive this e-mail because of your notification settings in My Account.\n\n-- \n${input.tenantName}\n`,
    html: layout(input.tenantName, [
      ...paragraphs,
      'You receive this e-mail because of your notification settings in My Account.',
    ]),
  } satisfies MailMessage;
}

/** An existing account asked to join a company: it joins only by accepting, signed in, through the link. */
export function companyInvitationMail(input: {
  to: string;
  name: string;
  tenantName: string;
  url: string;
  days: number;
}): MailMessage {
  const intro = [`Hello ${input.name},`, `${input.tenantName} invites your account to join their company.`];
  const outro = [
    `Sign in with your own account to accept or decline. Nothing changes until you accept. The invitation expires in ${input.days} days.`,
    'If you do not expect this, ignore this message or decline: the company learns nothing about your account.',
  ];
  return {
    to: input.to,
    subject: `${input.tenantName} invites you to join`,
    text: `${intro.join('\n\n')}\n\nOpen this link to see the invitation:\n${input.url}\n\n${outro.join('\n\n')}\n\n-- \nMeshport\n`,
    html: layout('Meshport', [...intro, ...outro], { label: 'See the invitation', url: input.url }),
  };
}

/**
 * A company changed a member's e-mail address: both addresses are told. The new address is not
 * confirmed until its owner follows a mailed link (a password reset or an invitation's link).
 */
export function memberEmailChangedMail(input: {
  to: string;
  name: string;
  tenantName: string;
  oldEmail: string;
  newEmail: string;
  toNew: boolean;
}): MailMessage {
  const paragraphs = [
    `Hello ${input.name},`,
    `${input.tenantName} changed the e-mail address of your account from ${input.oldEmail} to ${input.newEmail}.`,
    input.toNew
      ? 'This address is not confirmed yet. If this is not your account, ignore this message.'
      : `Mails for your account now go to ${input.newEmail}. If you did not expect this, contact ${input.tenantName}.`,
  ];
  return {
    to: input.to,
    subject: `${input.tenantName}: the e-mail address of your account changed`,
    text: `${paragraphs.join('\n\n')}\n\n-- \n${input.tenantName}\n`,
    html: layout(input.tenantName, paragraphs),
  };
}

/** My Account asked for a new e-mail address: the link to it makes the change. */
export function emailVerificationMail(input: {
  to: string;
  name: string;
  tenantName: string | null;
  url: string;
  hours: number;
}): MailMessage {
  const sender = senderName(input.tenantName);
  const intro = [`Hello ${input.name},`, `Someone (hopefully you) asked to use this address for a ${sender} account.`];
  const outro = [
    `Until the link is followed, the account keeps its old address. The link works once and expires in ${input.hours} hours.`,
    'If you did not ask for this, ignore this message.',
  ];
  return {
    to: input.to,
    subject: `${sender}: confirm your new e-mail address`,
    text: `${intro.join('\n\n')}\n\nOpen this link to confirm it:\n${input.url}\n\n${outro.join('\n\n')}\n\n-- \n${sender}\n`,
    html: layout(sender, [...intro, ...outro], { label: 'Confirm the address', url: input.url }),
  };
}

/** The address an account had, once a new one is confirmed: the owner learns if it was not them. */
export function emailChangedMail(input: {
  to: string;
  name: string;
  tenantName: string | null;
  newEmail: string;
}): MailMessage {
  const sender = senderName(input.tenantName);
  const paragraphs = [
    `Hello ${input.name},`,
    `The e-mail address of your ${sender} account is now ${input.newEmail}. Mails for your account, password resets too, go there.`,
    `If you did not do this, someone may be using your account: contact ${sender} at once.`,
  ];
  return {
    to: input.to,
    subject: `${sender}: the e-mail address of your account changed`,
    text: `${paragraphs.join('\n\n')}\n\n-- \n${sender}\n`,
    html: layout(sender, paragraphs),
  };
}
