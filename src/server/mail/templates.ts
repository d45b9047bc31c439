import type { MailMessage } from './mailer';

const SIGNATURE = '\n\n— The tournament organisers';

export function passwordResetMail(input: { to: string; name: string; url: string }): MailMessage {
  return {
    to: input.to,
    subject: 'Reset your password',
    text:
      `Hello ${input.name || 'there'},\n\nSomeone (we hope you) asked to reset the password of your account on the ` +
      `school chess tournament site. Choose a new password here within the next hour:\n\n${input.url}\n\n` +
      `If you did not ask for this, ignore this mail: your password stays as it is.${SIGNATURE}`,
  };
}

export function inviteMail(input: {
  to: string;
  roleLabel: string;
  url: string;
  expiresAt: Date;
}): MailMessage {
  return {
    to: input.to,
    subject: 'You are invited to help run the school chess tournament',
    text:
      `Hello,\n\nYou have been invited to join the school chess tournament site as ${input.roleLabel}. ` +
      `Choose your password and join here:\n\n${input.url}\n\n` +
      `The link works once and until ${input.expiresAt.toUTCString()}. ` +
      `If you did not expect this invitation, ignore this mail.${SIGNATURE}`,
  };
}

export function signInCodeMail(input: {
  to: string;
  name: string;
  code: string;
  device: string | null;
}): MailMessage {
  return {
    to: input.to,
    // Not in the subject: subjects reach logs and lock screens.
    subject: 'Your sign-in code',
    text:
      `Hello ${input.name || 'there'},\n\nYour code to verify this device is:\n\n    ${input.code}\n\n` +
      `It works once, for 10 minutes.${input.device ? ` Device: ${input.device}.` : ''} ` +
      `If you did not just try to sign in, change your password: someone knows it.${SIGNATURE}`,
  };
}
