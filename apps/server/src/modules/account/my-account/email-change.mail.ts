import { mailLayout, senderName } from '#core/mail/mail-layout.ts';
import type { MailMessage } from '#core/mail/mailer.ts';

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
    html: mailLayout(sender, [...intro, ...outro], { label: 'Confirm the address', url: input.url }),
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
    html: mailLayout(sender, paragraphs),
  };
}
