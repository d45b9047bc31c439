import type { MailMessage } from '../../mail/mailer';
import { SIGNATURE } from '../../mail/templates';

/** The teacher hears the arbiter's answer to a roster change asked after its lock (issue #30). */
export function rosterRequestDecisionMail(input: {
  to: string;
  registrantName: string;
  schoolName: string;
  summary: string;
  accepted: boolean;
  note: string | null;
  rosterUrl: string;
}): MailMessage {
  const answer = input.accepted ? 'accepted' : 'refused';
  const note = input.note ? `\n\nThe arbiter's note: ${input.note}` : '';
  return {
    to: input.to,
    subject: `Your roster request for ${input.schoolName} was ${answer}`,
    text:
      `Hello ${input.registrantName},\n\nAn arbiter ${answer} your request: ${input.summary}.${note}\n\n` +
      `Your school's pupils, byes and withdrawals (keep this link private):\n${input.rosterUrl}${SIGNATURE}`,
  };
}
