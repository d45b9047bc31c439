import type { MailMessage } from '../../mail/mailer';

const SIGNATURE = '\n\n— The tournament organisers';

/** docs/requirements.md §1 and §8: the terms' effective date. */
export const TERMS_EFFECTIVE = '16/06/2025';

export interface ConsentMailChild {
  name: string;
  teamName: string;
  url: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * To a parent or guardian named for one or more players of a registration: who registered them, for what,
 * what is kept and for how long, the terms' version, and a button (link) per child to confirm. One mail per
 * address, so a parent of two players in the same registration gets one mail with two buttons.
 */
export function guardianConsentMail(input: {
  to: string;
  guardianName: string;
  registrantName: string;
  schoolName: string;
  reference: string;
  eventName: string | null;
  policyVersion: string;
  publicUrl: string;
  /** How long registration records are kept, as the retention setting says ("2 years after the tournament"). */
  registrationPeriod: string;
  children: ConsentMailChild[];
}): MailMessage {
  const event = input.eventName ?? 'the school chess tournament';
  const several = input.children.length > 1;
  const whom = several ? 'these players' : 'this player';
  const intro =
    `${input.registrantName} (${input.schoolName}) has registered ${whom} for ${event} ` +
    `(registration ${input.reference}) and named you as the parent or guardian who consents to ` +
    'their taking part:';
  const why =
    'Players under 18 need the consent of a parent or guardian. Until you confirm, the player is not ' +
    'entered into the tournament: no pairings, no results, and nothing on the public leaderboard.';
  const kept =
    "What we keep: the player's name, date of birth or school year, school and team; your name and this " +
    'e-mail address; when consent was declared and when you confirmed it; and the version of the consent ' +
    `terms (${input.policyVersion}). Registration records are kept for ${input.registrationPeriod}, then deleted. ` +
    `Terms and privacy policy effective ${TERMS_EFFECTIVE}: ${input.publicUrl}/privacy`;
  const notYou =
    'If you do not agree, or did not expect this e-mail, do not press the button and contact the ' +
    `organisers: ${input.publicUrl}/#contact-us. You can withdraw your consent at any time the same way.`;

  const textChildren = input.children
    .map((child) => `  ${child.name} (team ${child.teamName})\n  I consent: ${child.url}`)
    .join('\n\n');
  const htmlChildren = input.children
    .map(
      (child) =>
        `<p><strong>${escapeHtml(child.name)}</strong> (team ${escapeHtml(child.teamName)})<br>` +
        `<a href="${escapeHtml(child.url)}" style="display:inline-block;margin-top:8px;padding:12px 20px;` +
        'border-radius:10px;background:#1d4ed8;color:#ffffff;font-weight:bold;text-decoration:none">' +
        `I consent for ${escapeHtml(child.name)}</a></p>`,
    )
    .join('\n');
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

  return {
    to: input.to,
    // Generic on purpose: subjects reach lock screens and mail logs; the child's name stays in the body.
    subject: 'Please confirm your consent: school chess tournament registration',
    text:
      `Hello ${input.guardianName},\n\n${intro}\n\n${textChildren}\n\n${why}\n\n${kept}\n\n${notYou}` +
      SIGNATURE,
    html:
      `<p>Hello ${escapeHtml(input.guardianName)},</p>\n${paragraph(intro)}\n${htmlChildren}\n` +
      `${paragraph(why)}\n${paragraph(kept)}\n${paragraph(notYou)}\n<p>— The tournament organisers</p>`,
  };
}
