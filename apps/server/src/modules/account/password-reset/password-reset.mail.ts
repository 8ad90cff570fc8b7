import { mailLayout, senderName } from '#core/mail/mail-layout.ts';
import type { MailMessage } from '#core/mail/mailer.ts';

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
    html: mailLayout(sender, [...intro, 'Choose a new password with the button below.', ...outro], {
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
    html: mailLayout(sender, [...intro, 'Choose your password with the button below, then sign in.', ...outro], {
      label: 'Choose a password',
      url: input.url,
    }),
  };
}
