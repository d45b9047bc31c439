import type { MailMessage } from './mailer';

export const SIGNATURE = '\n\n— The tournament organisers';

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

/** docs/requirements.md §7 trigger-notification round_started: to a player who opted in to round e-mails. */
export function roundStartedMail(input: {
  to: string;
  name: string;
  tournamentName: string;
  roundNumber: number;
  /** e.g. "board 12 with white against Alex Doe", or "a bye this round". */
  assignment: string | null;
  url: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Round ${input.roundNumber} has started`,
    text:
      `Hello ${input.name || 'there'},\n\nRound ${input.roundNumber} of ${input.tournamentName} has started.` +
      `${input.assignment ? ` You have ${input.assignment}.` : ''}\n\nPairings and results: ${input.url}\n\n` +
      `You get this mail because round notifications are on in your account settings.${SIGNATURE}`,
  };
}

/** docs/requirements.md §7 trigger-notification round_completed. */
export function roundCompletedMail(input: {
  to: string;
  name: string;
  tournamentName: string;
  roundNumber: number;
  url: string;
}): MailMessage {
  return {
    to: input.to,
    subject: `Round ${input.roundNumber} is complete`,
    text:
      `Hello ${input.name || 'there'},\n\nEvery game of round ${input.roundNumber} of ${input.tournamentName} ` +
      `has finished. The standings are updated: ${input.url}\n\n` +
      `You get this mail because round notifications are on in your account settings.${SIGNATURE}`,
  };
}

/** A broadcast sent by e-mail too (`/admin/broadcasts`): the message as written, and where to follow the day. */
export function broadcastMail(input: {
  to: string;
  subject: string;
  message: string;
  siteUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: input.subject,
    text: `Hello,\n\n${input.message}\n\nFollow the tournament live: ${input.siteUrl}${SIGNATURE}`,
  };
}

/** A message staff wrote to a school (the CRM), its merge fields already filled in. */
export function crmMessageMail(input: { to: string; subject: string; body: string }): MailMessage {
  return { to: input.to, subject: input.subject, text: input.body };
}

/** A school's teacher is reminded of its open tasks due soon (the CRM), with a link to stop these reminders. */
export function crmReminderMail(input: {
  to: string;
  subject: string;
  teacherName: string | null;
  schoolName: string;
  tasks: readonly { title: string; dueDate: string }[];
  unsubscribeUrl: string;
}): MailMessage {
  const lines = input.tasks.map((task) => `- ${task.title} (due ${task.dueDate})`).join('\n');
  return {
    to: input.to,
    subject: input.subject,
    text:
      `Hello ${input.teacherName?.trim() || 'there'},\n\nThese tasks for ${input.schoolName} are due soon:\n\n` +
      `${lines}\n\nIf you have already seen to them, thank you: we will tick them off when we check.${SIGNATURE}` +
      `\n\nTo get no more of these reminders: ${input.unsubscribeUrl}\n` +
      `(Messages the organisers write to you still reach you.)`,
  };
}
