import { formatEuro } from '../../../domain/registration';
import type { MailMessage } from '../../mail/mailer';
import { SIGNATURE } from '../../mail/templates';

export interface MailRegistration {
  reference: string;
  registrantName: string;
  registrantEmail: string;
  schoolName: string;
  teamCount: number;
  amountCents: number;
  teams: { name: string; players: { name: string }[] }[];
}

function teamLines(registration: MailRegistration): string {
  return registration.teams
    .map((team) => `  ${team.name}: ${team.players.map((player) => player.name).join(', ')}`)
    .join('\n');
}

/** Sent when a registration is made: the reference, the teams, how to pay and the link to edit names. */
export function registrationConfirmationMail(input: {
  registration: MailRegistration;
  teamsUrl: string;
  statusUrl: string;
  editableUntil: Date | null;
  /** Players waiting for their parent's or guardian's confirmation by the link e-mailed to them (T25). */
  pendingConsent?: number;
}): MailMessage {
  const { registration } = input;
  const deadline = input.editableUntil
    ? ` until ${input.editableUntil.toUTCString()}`
    : ' until registration closes';
  const pending = input.pendingConsent ?? 0;
  const consent =
    pending > 0
      ? `${pending} ${pending === 1 ? 'player is' : 'players are'} under 18: we e-mailed each parent or ` +
        'guardian you named a link to confirm their consent. Until they confirm, those players cannot be ' +
        'entered into the tournament. You can pay meanwhile.\n\n'
      : '';
  return {
    to: registration.registrantEmail,
    subject: `Registration ${registration.reference} received`,
    text:
      `Hello ${registration.registrantName},\n\nThank you for registering ${registration.schoolName} for the ` +
      `school chess tournament.\n\nReference: ${registration.reference}\n` +
      `Teams (${registration.teamCount}):\n${teamLines(registration)}\n\n` +
      `Amount due: ${formatEuro(registration.amountCents)} (not yet paid).\n\n` +
      consent +
      `Pay by card, and correct team and player names${deadline}, here (keep this link private: it opens ` +
      `your registration without a password):\n${input.teamsUrl}\n\n` +
      `Check the status at any time with your reference and this e-mail address:\n${input.statusUrl}${SIGNATURE}`,
  };
}

/** The receipt once paid. The tournament fee is not subject to VAT, so the receipt shows no VAT line. */
export function paymentReceiptMail(input: {
  registration: MailRegistration;
  organiser: string;
  organiserContact: string;
  paidAt: Date;
  paidVia: 'card' | 'cash' | 'bank_transfer';
  teamPriceCents: number;
}): MailMessage {
  const { registration } = input;
  const via = { card: 'card', cash: 'cash', bank_transfer: 'bank transfer' }[input.paidVia];
  return {
    to: registration.registrantEmail,
    subject: `Receipt for registration ${registration.reference}`,
    text:
      `Hello ${registration.registrantName},\n\nWe received your payment. This is your receipt.\n\n` +
      `RECEIPT\n` +
      `Organiser: ${input.organiser} (${input.organiserContact})\n` +
      `Date: ${input.paidAt.toISOString().slice(0, 10)}\n` +
      `Reference: ${registration.reference}\n` +
      `Received from: ${registration.registrantName}, ${registration.schoolName}\n` +
      `Items:\n` +
      `  ${registration.teamCount} × team entry (4 players) at ${formatEuro(input.teamPriceCents)}\n` +
      `${teamLines(registration)}\n` +
      `Total paid: ${formatEuro(registration.amountCents)} (EUR), by ${via}\n` +
      `VAT: not applicable (no VAT charged).${SIGNATURE}`,
  };
}
