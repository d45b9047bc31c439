import type { RegistrationPlayerInput } from '../../../contracts/registrations';
import {
  ELIGIBILITY_MESSAGES,
  GUARDIAN_CONSENT_POLICY_VERSION,
  playerEligibility,
} from '../../../domain/registration';

/**
 * One pupil's details as the registration form takes them, checked the same way wherever a pupil is entered:
 * at registration (every pupil of every team) and on the day (a teacher's substitute, issue #30). A pupil must
 * be old enough on the tournament day; under 18 (or of unproven age), a parent or guardian must consent and
 * give the address their confirmation link goes to (T25).
 */
export function checkPlayerEntry(
  player: RegistrationPlayerInput,
  day: string,
  path: string,
): { issues: { path: string; message: string }[]; consent: { by: string; email: string } | null } {
  const eligibility = playerEligibility(player, day);
  if (!eligibility.eligible) {
    return {
      issues: [
        { path: `${path}.${player.dateOfBirth ? 'dateOfBirth' : 'schoolYear'}`, message: eligibility.reason },
      ],
      consent: null,
    };
  }
  if (!eligibility.needsGuardianConsent) return { issues: [], consent: null };
  const issues: { path: string; message: string }[] = [];
  const declared = player.guardianConsent?.confirmed === true;
  if (!declared)
    issues.push({ path: `${path}.guardianConsent`, message: ELIGIBILITY_MESSAGES.consentNeeded });
  // The guardian confirms by the e-mailed link (T25), so their address is needed too.
  const email = player.guardianConsent?.email?.trim().toLowerCase();
  if (!email) {
    issues.push({ path: `${path}.guardianConsent.email`, message: ELIGIBILITY_MESSAGES.guardianEmailNeeded });
  }
  if (!declared || !email || !player.guardianConsent) return { issues, consent: null };
  return { issues, consent: { by: player.guardianConsent.by, email } };
}

/** The registration entry's columns for a checked pupil (`checkPlayerEntry`), declared at `now`. */
export function playerEntryValues(
  player: RegistrationPlayerInput,
  consent: { by: string; email: string } | null,
  now: Date,
) {
  return {
    name: player.name,
    dateOfBirth: player.dateOfBirth ?? null,
    schoolYear: player.dateOfBirth ? null : (player.schoolYear ?? null),
    guardianConsentBy: consent?.by ?? null,
    guardianConsentAt: consent ? now : null,
    consentPolicyVersion: consent ? GUARDIAN_CONSENT_POLICY_VERSION : null,
    guardianEmail: consent?.email ?? null,
    publicNameDisplay: player.publicNameDisplay ?? null,
  };
}
