/**
 * The dress rehearsal's registration phase (issue 34): the weeks before the day, compressed. Through the HTTP
 * API only, as staff, teachers and guardians would:
 *
 * 1. staff create and activate the tournament (size.rounds rounds, today) and open registration;
 * 2. each school's teacher, from a device of its own, solves the form's proof of work and registers
 *    size.teamsPerSchool teams of four pupils (13 to 18 on the day, under-18s with a guardian's e-mail);
 * 3. most pay at once through the offline test checkout (one card declined first), some register now and pay
 *    later (status lookup, then the checkout), some by bank transfer recorded by staff, and one school cancels
 *    (staff cancel it: a teacher cannot);
 * 4. the guardians confirm their consent through the link in their mail (read from the mail outbox, the stand-in
 *    for their mailboxes; one confirms twice, one only after the first promotion), and a teacher corrects a
 *    pupil's name, which asks that guardian again;
 * 5. staff promote the paid registrations into the tournament (twice: the late guardian's pupil joins the second);
 * 6. teachers make roster changes through their registration's link: half- and zero-point byes, one taken back,
 *    a withdrawal, and a substitution that waits for an arbiter (the names lock 48 h before the day) and enters
 *    once the substitute's guardian confirms.
 *
 * Every acknowledged write goes into the ledger ('registration', 'payment', 'consent', 'roster-change',
 * 'audit'); `registrationFinalState` reads the same facts with SQL, written the same canonical way.
 */
import pg from 'pg';
import type { PowChallenge } from '../../../src/contracts/bot-protection';
import { CONSENT_TOKEN_HEADER, type GuardianConsentView } from '../../../src/contracts/guardian-consent';
import type { ListRegistrationsResponse, PromoteResponse } from '../../../src/contracts/manage-registrations';
import type {
  CreateCheckoutResponse,
  OfflineSession,
  VerifyPaymentResponse,
} from '../../../src/contracts/payments';
import {
  type CreateRegistrationBody,
  REGISTRATION_TOKEN_HEADER,
  type RegistrationPlayerInput,
  type RegistrationSummary,
  type RegistrationWithAccess,
} from '../../../src/contracts/registrations';
import type {
  RosterChangeResponse,
  RosterChanges,
  RosterRequests,
} from '../../../src/contracts/roster-changes';
import type { AdminTournament } from '../../../src/contracts/tournament-management';
import { eventDayOf } from '../../../src/domain/event-day';
import { FIDE_TIEBREAK_ORDER } from '../../../src/domain/scoring/tiebreak-keys';
import { solveChallenge } from '../../../src/server/core/registrations/registration-security';
import type { RehearsalContext, WriteKind } from '../context';
import type { Device } from '../http';
import {
  inPool,
  lastMailId,
  loggedTimes,
  mailsSince,
  pick,
  seededRandom,
  shuffled,
  waitFor,
} from './support';

const PHASE = 'registration';
const TEAM_PRICE_CENTS = 6000;
const CONSENT_SUBJECT = 'Please confirm your consent: school chess tournament registration';

// ---------------------------------------------------------------------------------------------------------------
// The schools and pupils: made-up names from word lists (no real people), the same every run.

const words = (text: string) => text.trim().split(/\s+/);
const FIRST_NAMES = words(`
  Aoife Cian Saoirse Oisín Niamh Darragh Ciara Eoin Róisín Fionn Caoimhe Tadhg Aisling Rian Clodagh Senan Orla
  Cathal Méabh Donnacha Sorcha Ruairí Éabha Pádraig Grace Luke Emma Jack Sophie Adam Chloe Noah Ella James Ava
  Conor Lucy Seán Amelia Dylan Hannah Ben Zoe Kyle Leah Matthew Freya Ryan`);
const SURNAME_STARTS = words('Ard Bally Carrig Dun Glen Kil Lis Rath Tully Mon Clon Drom');
const SURNAME_ENDS = words('more beg owen ane arra ody inch ard ock ea ery ford');
const PLACE_STARTS = words(
  'North South West East Oak Ash Elm Bright Still Stone Heather Silver Green Fern Hazel Moss',
);
const PLACE_ENDS = words('field brook haven wood vale bridge ford hill mere gate');
const SCHOOL_KINDS = ['Community School', 'College', 'Secondary School', 'Community College'];

/** The school year a pupil of this age is in (the youngest age of each year is in domain/registration.ts). */
const SCHOOL_YEAR_BY_AGE: Record<number, NonNullable<RegistrationPlayerInput['schoolYear']>> = {
  13: '2nd Year',
  14: '3rd Year',
  15: 'Transition Year',
  16: '5th Year',
  17: '6th Year',
};

type PaymentPlan = 'card-now' | 'card-declined' | 'card-later' | 'bank-transfer' | 'cancel';

interface PupilPlan {
  name: string;
  age: number;
  dateOfBirth: string | null;
  schoolYear: RegistrationPlayerInput['schoolYear'] | null;
  /** Null for an 18-year-old (no consent needed). */
  guardian: { by: string; email: string } | null;
}

interface SchoolPlan {
  index: number;
  name: string;
  /** The team names' stem, e.g. "Northfield". */
  place: string;
  teacher: { name: string; email: string; phone: string };
  teams: { name: string; pupils: PupilPlan[] }[];
  payment: PaymentPlan;
}

interface Registered {
  plan: SchoolPlan;
  summary: RegistrationSummary;
  accessToken: string;
}

/** `day` minus `age` years and 1–360 days: exactly `age` on the day. */
function birthDate(day: string, age: number, random: () => number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - age);
  date.setUTCDate(date.getUTCDate() - 1 - Math.floor(random() * 360));
  return date.toISOString().slice(0, 10);
}

function planSchools(context: RehearsalContext, day: string): SchoolPlan[] {
  const { size } = context;
  const random = seededRandom(34_001);
  const places = shuffled(
    random,
    PLACE_STARTS.flatMap((start) => PLACE_ENDS.map((end) => `${start}${end}`)),
  ).slice(0, size.schools);
  const usedNames = new Set<string>();
  const pupilName = () => {
    for (;;) {
      const name = `${pick(random, FIRST_NAMES)} ${pick(random, SURNAME_STARTS)}${pick(random, SURNAME_ENDS)}`;
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return name;
      }
    }
  };
  // One school cancels; about 15 % pay by bank transfer and 25 % pay later by card; one card is declined first.
  const count = size.schools;
  const plans: PaymentPlan[] = Array.from({ length: count }, () => 'card-now' as PaymentPlan);
  const order = shuffled(
    random,
    Array.from({ length: count }, (_, index) => index),
  );
  let at = 0;
  const assign = (plan: PaymentPlan, how: number) => {
    for (let n = 0; n < how && at < order.length; n += 1) {
      plans[order[at]!] = plan;
      at += 1;
    }
  };
  assign('cancel', 1);
  assign('bank-transfer', Math.max(1, Math.round(count * 0.15)));
  assign('card-later', Math.max(1, Math.round(count * 0.25)));
  assign('card-declined', 1);

  return places.map((place, index) => {
    const kind = SCHOOL_KINDS[index % SCHOOL_KINDS.length]!;
    const slug = place.toLowerCase();
    const teacherFirst = pick(random, FIRST_NAMES);
    const teacherLast = `${pick(random, SURNAME_STARTS)}${pick(random, SURNAME_ENDS)}`;
    let guardians = 0;
    const teams = Array.from({ length: size.teamsPerSchool }, (_, t) => {
      const pupils: PupilPlan[] = [];
      for (let p = 0; p < 4; p += 1) {
        const name = pupilName();
        const roll = random();
        const age = roll < 0.08 ? 18 : 13 + Math.floor(random() * 5);
        const bySchoolYear = age < 18 && random() < 0.15;
        const surname = name.split(' ')[1]!;
        const previous = pupils.at(-1);
        // Now and then two pupils of a team are siblings: one guardian, one mail with two links.
        const sibling = previous?.guardian && p === 3 && random() < 0.3;
        if (sibling) {
          const siblingName = `${name.split(' ')[0]} ${previous.name.split(' ')[1]}`;
          if (!usedNames.has(siblingName)) {
            usedNames.delete(name);
            usedNames.add(siblingName);
            pupils.push({
              name: siblingName,
              age: Math.min(age, 17),
              dateOfBirth: birthDate(day, Math.min(age, 17), random),
              schoolYear: null,
              guardian: previous.guardian,
            });
            continue;
          }
        }
        guardians += 1;
        pupils.push({
          name,
          age,
          dateOfBirth: bySchoolYear ? null : birthDate(day, age, random),
          schoolYear: bySchoolYear ? SCHOOL_YEAR_BY_AGE[age]! : null,
          guardian:
            age < 18
              ? {
                  by: `${pick(random, FIRST_NAMES)} ${surname}`,
                  email: `guardian-${slug}-${guardians}@families.example`,
                }
              : null,
        });
      }
      return { name: `${place} ${String.fromCharCode(65 + t)}`, pupils };
    });
    return {
      index,
      name: `${place} ${kind}`,
      place,
      teacher: {
        name: `${teacherFirst} ${teacherLast}`,
        email: `chess.${slug}@schools.example`,
        phone: `+353 1 555 ${String(1000 + index).slice(-4)}`,
      },
      teams,
      payment: plans[index]!,
    };
  });
}

function registrationBody(
  plan: SchoolPlan,
  botProof: CreateRegistrationBody['botProof'],
): CreateRegistrationBody {
  return {
    registrantName: plan.teacher.name,
    registrantEmail: plan.teacher.email,
    registrantPhone: plan.teacher.phone,
    schoolName: plan.name,
    teams: plan.teams.map((team) => ({
      name: team.name,
      players: team.pupils.map((pupil) => ({
        name: pupil.name,
        ...(pupil.dateOfBirth ? { dateOfBirth: pupil.dateOfBirth } : { schoolYear: pupil.schoolYear }),
        guardianConsent: pupil.guardian ? { ...pupil.guardian, confirmed: true as const } : null,
      })),
    })),
    botProof,
  };
}

// ---------------------------------------------------------------------------------------------------------------

/** A guardian's confirmation link as mailed: /registration/consent/<entry id>#token=<token>. */
interface ConsentLink {
  entryId: string;
  token: string;
  recipient: string;
}

function consentLinksOf(
  mails: readonly { recipient: string; subject: string; text: string }[],
): ConsentLink[] {
  const links: ConsentLink[] = [];
  for (const mail of mails) {
    if (mail.subject !== CONSENT_SUBJECT) continue;
    for (const match of mail.text.matchAll(/\/registration\/consent\/([0-9a-f-]{36})#token=([^\s"<>]+)/g)) {
      links.push({ entryId: match[1]!, token: match[2]!, recipient: mail.recipient });
    }
  }
  return links;
}

export async function registrationPhase(context: RehearsalContext): Promise<void> {
  const { size, ledger, http } = context;
  const log = (line: string) => context.log(`registration: ${line}`);
  const record = (kind: WriteKind, key: string, expected: string) =>
    ledger.record({ kind, key, expected, phase: PHASE });
  const outbox = new pg.Client({ connectionString: context.stack.databaseUrl });
  await outbox.connect();
  try {
    const staff = await context.staff('superadmin');
    const day = eventDayOf(new Date());

    // 1. The tournament, active, with registration open.
    const { tournament } = await staff.must<{ tournament: AdminTournament }>(
      'POST',
      '/api/admin/tournaments',
      {
        name: `Schools Team Chess Championship (rehearsal ${day})`,
        venue: 'Main Hall, Northfield Community School',
        description: 'Dress rehearsal: a whole tournament day at full size.',
        startDate: day,
        endDate: day,
        totalRounds: size.rounds,
        // The usual FIDE order rather than the default (rating alone), so the standings check compares five
        // computed tie-breaks; the TRF does not carry the order, so the check is told it (run.ts).
        tiebreakOrder: FIDE_TIEBREAK_ORDER,
      },
    );
    context.facts.tournamentId = tournament.id;
    context.facts.notes.set('tiebreakOrder', [...FIDE_TIEBREAK_ORDER]);
    await staff.must('POST', `/api/admin/tournaments/${tournament.id}/activate`);
    await staff.must('PUT', '/api/admin/registration-settings', {
      is_enabled: true,
      team_price: TEAM_PRICE_CENTS,
      closes_at: null,
      max_teams_per_registration: Math.max(size.teamsPerSchool, 4),
      max_teams_total: null,
    });
    log(
      `tournament ${tournament.id} created and activated (${size.rounds} rounds, ${day}); registration open`,
    );

    // 2. The schools register, each teacher from their own device; most pay at once.
    const plans = planSchools(context, day);
    const registered: Registered[] = [];
    const started = performance.now();
    await inPool(plans, 6, async (plan) => {
      const device = http.device(PHASE, `teacher ${plan.name}`);
      try {
        const challenge = await device.must<PowChallenge>('GET', '/api/registrations/challenge');
        const botProof = {
          challenge: challenge.challenge,
          nonce: solveChallenge(challenge.challenge, challenge.difficultyBits),
        };
        const sent = performance.now();
        const created = await device.must<RegistrationWithAccess>(
          'POST',
          '/api/registrations',
          registrationBody(plan, botProof),
        );
        context.timings.add('registration submit', performance.now() - sent);
        const entry: Registered = { plan, summary: created.registration, accessToken: created.accessToken };
        registered.push(entry);
        const { id } = created.registration;
        record('registration', id, 'active');
        record('payment', id, 'unpaid');
        record('audit', `registration_created:${id}`, 'logged once');
        if (plan.payment === 'card-now') await payByCard(context, device, entry, ['succeed']);
        if (plan.payment === 'card-declined') await payByCard(context, device, entry, ['fail', 'succeed']);
      } finally {
        device.close();
      }
    });
    registered.sort((a, b) => a.plan.index - b.plan.index);
    const teams = registered.reduce((sum, entry) => sum + entry.summary.teamCount, 0);
    log(
      `${registered.length} schools registered ${teams} teams (${teams * 4} pupils) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `${registered.filter((entry) => entry.plan.payment.startsWith('card-') && entry.plan.payment !== 'card-later').length} paid by card at once`,
    );

    // 3. Pay later: the teacher looks the registration up by reference and e-mail, then pays; or a bank
    // transfer arrives and staff record it; one school withdraws and staff cancel its registration.
    for (const entry of registered.filter((candidate) => candidate.plan.payment === 'card-later')) {
      const device = http.device(PHASE, `teacher ${entry.plan.name} (later)`);
      try {
        const found = await device.must<RegistrationWithAccess>('POST', '/api/registrations/status', {
          reference: entry.summary.reference,
          email: entry.plan.teacher.email,
        });
        if (found.registration.paymentStatus !== 'unpaid') {
          throw new Error(
            `${entry.summary.reference} should be unpaid, is ${found.registration.paymentStatus}`,
          );
        }
        await payByCard(context, device, { ...entry, accessToken: found.accessToken }, ['succeed']);
      } finally {
        device.close();
      }
    }
    for (const entry of registered.filter((candidate) => candidate.plan.payment === 'bank-transfer')) {
      const { id, reference } = entry.summary;
      await staff.must('POST', `/api/admin/registrations/${id}/mark-paid`, {
        via: 'bank_transfer',
        note: `Bank transfer received, reference ${reference}`,
      });
      record('payment', id, 'paid:bank_transfer');
      record('audit', `registration_paid:${id}`, 'logged once');
    }
    const cancelled = registered.find((entry) => entry.plan.payment === 'cancel')!;
    await staff.must('POST', `/api/admin/registrations/${cancelled.summary.id}/cancel`, {
      reason: 'The school withdrew (a clash with mock exams); the teacher asked by e-mail',
    });
    record('registration', cancelled.summary.id, 'cancelled');
    record('payment', cancelled.summary.id, 'cancelled');
    record('audit', `registration_cancelled:${cancelled.summary.id}`, 'logged once');
    log(
      `paid later by card: ${registered.filter((entry) => entry.plan.payment === 'card-later').length}, ` +
        `by bank transfer: ${registered.filter((entry) => entry.plan.payment === 'bank-transfer').length}; ` +
        `${cancelled.plan.name} cancelled by staff`,
    );

    // 4. The guardians confirm from their mail. One holds back until after the first promotion; the cancelled
    // school's guardians find their link says so; one guardian taps "I consent" twice.
    const links = consentLinksOf(await mailsSince(outbox, 0));
    const entryIds = new Map<string, { entry: Registered; pupil: PupilPlan; entryId: string }>();
    for (const entry of registered) {
      for (const [t, team] of entry.summary.teams.entries()) {
        for (const [p, player] of team.players.entries()) {
          entryIds.set(player.id, { entry, pupil: entry.plan.teams[t]!.pupils[p]!, entryId: player.id });
        }
      }
    }
    const needing = [...entryIds.values()].filter((seat) => seat.pupil.guardian !== null);
    if (links.length !== needing.length) {
      throw new Error(`expected ${needing.length} consent links in the outbox, found ${links.length}`);
    }
    const cancelledRecipients = new Set(
      links.filter((link) => entryIds.get(link.entryId)?.entry === cancelled).map((link) => link.recipient),
    );
    const byRecipient = new Map<string, ConsentLink[]>();
    for (const link of links)
      byRecipient.set(link.recipient, [...(byRecipient.get(link.recipient) ?? []), link]);
    const recipients = [...byRecipient.keys()].filter((recipient) => !cancelledRecipients.has(recipient));
    const lateGuardian = recipients.at(-1)!;
    const doubleTapper = recipients[0]!;
    const consentStarted = performance.now();
    await inPool(
      recipients.filter((recipient) => recipient !== lateGuardian),
      8,
      async (recipient) => {
        await confirmAsGuardian(context, recipient, byRecipient.get(recipient)!, recipient === doubleTapper);
      },
    );
    const [firstCancelled] = [...cancelledRecipients];
    if (firstCancelled) {
      const phone = http.device(PHASE, `guardian ${firstCancelled}`);
      const link = byRecipient.get(firstCancelled)![0]!;
      const view = await phone.must<GuardianConsentView>(
        'GET',
        `/api/registrations/consent/${link.entryId}`,
        undefined,
        { [CONSENT_TOKEN_HEADER]: link.token },
      );
      phone.close();
      if (view.status !== 'cancelled')
        throw new Error(`a cancelled school's consent link says ${view.status}`);
    }
    const confirmedNow = context.ledger.count('consent');
    log(
      `${confirmedNow} consents confirmed by ${recipients.length - 1} guardians in ` +
        `${((performance.now() - consentStarted) / 1000).toFixed(1)} s (one guardian waits; the cancelled ` +
        `school's link says cancelled)`,
    );

    // A teacher corrects a pupil's name (a typo) before the closing date: the guardian, who had confirmed,
    // is asked again for the child as now named, and confirms.
    const corrected = await correctName(context, entryIds, lateGuardian, cancelled, outbox);
    log(
      `${corrected.school} corrected "${corrected.from}" to "${corrected.to}"; the guardian confirmed again`,
    );

    // 5. Staff promote the paid registrations; the late guardian confirms; staff promote again.
    const waiting = byRecipient.get(lateGuardian)!.length;
    const expectedFirst = registered
      .filter((entry) => entry !== cancelled)
      .reduce((sum, entry) => sum + entry.summary.teamCount * 4, 0);
    const first = await staff.must<PromoteResponse>('POST', '/api/admin/registrations/promote', {});
    if (first.created !== expectedFirst - waiting || first.waitingConsent !== waiting) {
      throw new Error(
        `promotion added ${first.created} (${first.waitingConsent} waiting); expected ${expectedFirst - waiting} (${waiting} waiting)`,
      );
    }
    await confirmAsGuardian(context, lateGuardian, byRecipient.get(lateGuardian)!, false);
    const second = await staff.must<PromoteResponse>('POST', '/api/admin/registrations/promote', {});
    if (second.created !== waiting)
      throw new Error(`the second promotion added ${second.created}, not ${waiting}`);
    log(`promoted ${first.created} pupils, then ${second.created} after the late guardian confirmed`);

    // 6. Roster changes through the teachers' links.
    await rosterChanges(context, registered, cancelled, entryIds, lateGuardian, outbox);

    // The registrations as staff see them at the end.
    const list = await staff.must<ListRegistrationsResponse>('GET', '/api/admin/registrations');
    log(
      `staff see ${list.totals.registrations} registrations, ${list.totals.teams} teams, ${list.totals.players} pupils; ` +
        `paid €${(list.totals.paidCents / 100).toFixed(2)}, outstanding €${(list.totals.outstandingCents / 100).toFixed(2)}`,
    );
    context.facts.notes.set(
      'registrations',
      registered.map((entry) => ({
        id: entry.summary.id,
        reference: entry.summary.reference,
        schoolName: entry.plan.name,
        teacherEmail: entry.plan.teacher.email,
        accessToken: entry.accessToken,
        cancelled: entry === cancelled,
      })),
    );
  } finally {
    await outbox.end();
  }
}

/** The offline test checkout as the teacher's browser goes through it: start, the checkout page, outcome, check. */
async function payByCard(
  context: RehearsalContext,
  device: Device,
  entry: Registered,
  outcomes: ('succeed' | 'fail')[],
): Promise<void> {
  const { id, teamCount } = entry.summary;
  for (const outcome of outcomes) {
    const checkout = await device.must<CreateCheckoutResponse>('POST', '/api/payments/create-checkout', {
      registration_id: id,
      team_count: teamCount,
      access_token: entry.accessToken,
    });
    const session = await device.must<OfflineSession>(
      'GET',
      `/api/payments/offline/sessions/${checkout.sessionId}`,
    );
    if (session.status !== 'open' || session.amountCents !== teamCount * TEAM_PRICE_CENTS) {
      throw new Error(`checkout ${checkout.sessionId}: ${session.status}, ${session.amountCents} cents`);
    }
    await device.must('POST', `/api/payments/offline/sessions/${checkout.sessionId}`, { outcome });
    const verified = await device.must<VerifyPaymentResponse>('POST', '/api/payments/verify-payment', {
      sessionId: checkout.sessionId,
      registrationId: id,
    });
    const expected = outcome === 'succeed' ? 'paid' : 'unpaid';
    if (verified.status !== expected) {
      throw new Error(
        `${entry.summary.reference}: after "${outcome}" the registration is ${verified.status}`,
      );
    }
    if (outcome === 'succeed') {
      context.ledger.record({ kind: 'payment', key: id, expected: 'paid:card', phase: PHASE });
      context.ledger.record({
        kind: 'audit',
        key: `registration_paid:${id}`,
        expected: 'logged once',
        phase: PHASE,
      });
    }
  }
}

/** A guardian opens each link of their mail on their phone, reads it, and confirms (twice, when told to). */
async function confirmAsGuardian(
  context: RehearsalContext,
  recipient: string,
  links: readonly ConsentLink[],
  tapTwice: boolean,
): Promise<void> {
  const phone = context.http.device(PHASE, `guardian ${recipient}`);
  try {
    for (const link of links) {
      const path = `/api/registrations/consent/${link.entryId}`;
      const view = await phone.must<GuardianConsentView>('GET', path, undefined, {
        [CONSENT_TOKEN_HEADER]: link.token,
      });
      if (view.status !== 'pending')
        throw new Error(`${recipient}: the link says ${view.status}, not pending`);
      for (let tap = 0; tap < (tapTwice ? 2 : 1); tap += 1) {
        const confirmed = await phone.must<GuardianConsentView>('POST', path, { token: link.token });
        if (confirmed.status !== 'confirmed') throw new Error(`${recipient}: consent ${confirmed.status}`);
      }
      context.ledger.record({ kind: 'consent', key: link.entryId, expected: 'confirmed', phase: PHASE });
      context.ledger.record({
        kind: 'audit',
        key: `guardian_consent_confirmed:${link.entryId}`,
        expected: 'logged once',
        phase: PHASE,
      });
    }
  } finally {
    phone.close();
  }
}

/**
 * A teacher corrects one pupil's name through the registration's teams page (the access token in the body):
 * the guardian had confirmed, so a fresh link is mailed for the child as now named; the guardian confirms it.
 */
async function correctName(
  context: RehearsalContext,
  entryIds: ReadonlyMap<string, { entry: Registered; pupil: PupilPlan; entryId: string }>,
  lateGuardian: string,
  cancelled: Registered,
  outbox: pg.Client,
): Promise<{ school: string; from: string; to: string }> {
  const seat = [...entryIds.values()].find(
    (candidate) =>
      candidate.entry !== cancelled &&
      candidate.pupil.guardian !== null &&
      candidate.pupil.guardian.email !== lateGuardian &&
      [...entryIds.values()].filter(
        (other) => other.pupil.guardian?.email === candidate.pupil.guardian?.email,
      ).length === 1,
  )!;
  const { entry } = seat;
  const from = seat.pupil.name;
  const [first, last] = from.split(' ');
  const to = `${first} ${last}e`;
  const teacher = context.http.device(PHASE, `teacher ${entry.plan.name} (names)`);
  try {
    const before = await lastMailId(outbox);
    const headers = { [REGISTRATION_TOKEN_HEADER]: entry.accessToken };
    const { registration } = await teacher.must<{ registration: RegistrationSummary }>(
      'GET',
      `/api/registrations/${entry.summary.id}/teams`,
      undefined,
      headers,
    );
    const saved = await teacher.must<{ registration: RegistrationSummary }>(
      'PUT',
      `/api/registrations/${entry.summary.id}/teams`,
      {
        token: entry.accessToken,
        teams: registration.teams.map((team) => ({
          id: team.id,
          name: team.name,
          players: team.players.map((player) => ({
            id: player.id,
            name: player.id === seat.entryId ? to : player.name,
          })),
        })),
      },
    );
    const renamed = saved.registration.teams
      .flatMap((team) => team.players)
      .find((p) => p.id === seat.entryId);
    if (renamed?.name !== to) throw new Error(`the rename of ${from} was not kept`);
    context.ledger.record({ kind: 'roster-change', key: `name:${seat.entryId}`, expected: to, phase: PHASE });
    seat.pupil.name = to;
    const links = await waitFor(
      `the new consent mail for ${to}`,
      async () => {
        const found = consentLinksOf(await mailsSince(outbox, before)).filter(
          (link) => link.entryId === seat.entryId,
        );
        return found.length > 0 ? found : undefined;
      },
      10_000,
    );
    await confirmAsGuardian(context, seat.pupil.guardian!.email, links, false);
    // The second confirmation is the same entry's: its audit row is written twice, once per confirmation.
    context.ledger.record({
      kind: 'audit',
      key: `guardian_consent_confirmed:${seat.entryId}`,
      expected: 'logged 2 times',
      phase: PHASE,
    });
    return { school: entry.plan.name, from, to };
  } finally {
    teacher.close();
  }
}

/**
 * Teachers' roster changes through their registration's link (the access token in x-registration-token): byes,
 * one taken back, a withdrawal, and a substitution that waits for an arbiter and then for the substitute's
 * guardian. Scaled: one of each at the CI size, two of each at the full size.
 */
async function rosterChanges(
  context: RehearsalContext,
  registered: readonly Registered[],
  cancelled: Registered,
  entryIds: ReadonlyMap<string, { entry: Registered; pupil: PupilPlan; entryId: string }>,
  lateGuardian: string,
  outbox: pg.Client,
): Promise<void> {
  const { size } = context;
  const log = (line: string) => context.log(`registration: ${line}`);
  const record = (key: string, expected: string) =>
    context.ledger.record({ kind: 'roster-change', key, expected, phase: PHASE });
  const each = size.schools >= 20 ? 2 : 1;
  const lateSchools = new Set(
    [...entryIds.values()]
      .filter((seat) => seat.pupil.guardian?.email === lateGuardian)
      .map((seat) => seat.entry),
  );
  const schools = registered.filter((entry) => entry !== cancelled && !lateSchools.has(entry));
  const needed = 4 * each;
  if (schools.length < needed)
    throw new Error(`roster changes need ${needed} schools, have ${schools.length}`);
  const lastRound = size.rounds;
  const byeRound = Math.min(2, lastRound);
  let made = 0;

  const teacherOf = (entry: Registered) => {
    const device = context.http.device(PHASE, `teacher ${entry.plan.name} (roster)`);
    const headers = { [REGISTRATION_TOKEN_HEADER]: entry.accessToken };
    const base = `/api/roster-changes/${entry.summary.id}`;
    return {
      device,
      read: () => device.must<RosterChanges>('GET', base, undefined, headers),
      send: (method: string, path: string, body?: unknown) =>
        device.request<RosterChangeResponse>(method, `${base}${path}`, body ?? {}, headers),
    };
  };
  const expectStatus = (what: string, answer: { status: number; text: string }, statuses: number[]) => {
    if (!statuses.includes(answer.status)) {
      throw new Error(`${what}: answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
  };

  for (let n = 0; n < each; n += 1) {
    const group = schools.slice(n * 4, n * 4 + 4);
    const [byeSchool, backSchool, withdrawSchool, subSchool] = group as [
      Registered,
      Registered,
      Registered,
      Registered,
    ];

    // A half-point bye in round 2 (a music exam), and a zero-point bye in the last round (leaving early).
    {
      const teacher = teacherOf(byeSchool);
      const roster = await teacher.read();
      if (roster.notice) throw new Error(`${byeSchool.plan.name}: ${roster.notice}`);
      const [a, b] = roster.teams[0]!.pupils;
      const half = await teacher.send('POST', '/byes', {
        playerId: a!.id,
        roundNumber: byeRound,
        kind: 'half',
      });
      expectStatus(`half-point bye for ${a!.name}`, half, [201]);
      record(`bye:${a!.id}:${byeRound}`, 'half');
      const zero = await teacher.send('POST', '/byes', {
        playerId: b!.id,
        roundNumber: lastRound,
        kind: 'zero',
      });
      expectStatus(`zero-point bye for ${b!.name}`, zero, [201]);
      record(`bye:${b!.id}:${lastRound}`, 'zero');
      made += 2;
      teacher.device.close();
    }
    // A half-point bye asked for and taken back (the pupil can come after all).
    {
      const teacher = teacherOf(backSchool);
      const roster = await teacher.read();
      const pupil = roster.teams[0]!.pupils[1]!;
      const asked = await teacher.send('POST', '/byes', { playerId: pupil.id, roundNumber: 1, kind: 'half' });
      expectStatus(`bye for ${pupil.name}`, asked, [201]);
      record(`bye:${pupil.id}:1`, 'half');
      const back = await teacher.send('DELETE', `/byes/${pupil.id}/1`);
      expectStatus(`taking back the bye of ${pupil.name}`, back, [200]);
      record(`bye:${pupil.id}:1`, 'none');
      made += 2;
      teacher.device.close();
    }
    // A pupil is ill: withdrawn before round 1 (plays no round, has no badge).
    {
      const teacher = teacherOf(withdrawSchool);
      const roster = await teacher.read();
      const pupil = roster.teams[0]!.pupils[3]!;
      const out = await teacher.send('POST', '/withdrawals', { playerId: pupil.id });
      expectStatus(`withdrawal of ${pupil.name}`, out, [201]);
      record(`withdrawal:${pupil.id}`, 'withdrawn-from-1');
      made += 1;
      teacher.device.close();
    }
    // A substitute: after the names lock (48 h before the day) it waits for an arbiter, who accepts; the
    // substitute's guardian is mailed and confirms; the substitute enters at round 1.
    {
      const teacher = teacherOf(subSchool);
      const roster = await teacher.read();
      const leaving = roster.teams[0]!.pupils[2]!;
      const name = `${pick(seededRandom(34_100 + n), FIRST_NAMES)} ${subSchool.plan.place}son`;
      const guardianEmail = `guardian-${subSchool.plan.place.toLowerCase()}-sub${n + 1}@families.example`;
      const before = await lastMailId(outbox);
      const asked = await teacher.send('POST', '/substitutions', {
        playerId: leaving.id,
        pupil: {
          name,
          dateOfBirth: birthDate(eventDayOf(new Date()), 15, seededRandom(34_200 + n)),
          guardianConsent: { by: `Parent of ${name}`, email: guardianEmail, confirmed: true },
        },
        reason: `${leaving.name} broke an arm at football; ${name} takes the place`,
      });
      expectStatus(`substitute for ${leaving.name}`, asked, [201, 202]);
      if (asked.status === 202) {
        const arbiter = await context.staff('arbiter');
        const queue = await arbiter.must<RosterRequests>('GET', '/api/admin/roster-requests');
        const request = queue.pending.find(
          (candidate) =>
            candidate.registrationId === subSchool.summary.id && candidate.kind === 'substitution',
        );
        if (!request) throw new Error(`the substitution for ${leaving.name} is not in the arbiter's queue`);
        await arbiter.must('POST', `/api/admin/roster-requests/${request.id}/decision`, {
          decision: 'accept',
          note: 'Accepted: badge to be printed at the desk',
        });
      }
      const links = await waitFor(
        `the consent mail for the substitute ${name}`,
        async () => {
          const found = consentLinksOf(await mailsSince(outbox, before)).filter(
            (link) => link.recipient === guardianEmail,
          );
          return found.length > 0 ? found : undefined;
        },
        10_000,
      );
      await confirmAsGuardian(context, guardianEmail, links, false);
      const after = await teacher.read();
      const team = after.teams.find((candidate) => candidate.name === roster.teams[0]!.name)!;
      const entered = team.pupils.find((pupil) => pupil.name === name);
      if (!entered?.active) throw new Error(`the substitute ${name} did not enter the tournament`);
      record(`substitution:${leaving.id}`, `replaced-by:${name}`);
      made += 1;
      log(
        `substitution for ${leaving.name} ${asked.status === 202 ? 'waited for the arbiter (names locked), was accepted' : 'was made at once'}; ${name} entered after the guardian confirmed`,
      );
      teacher.device.close();
    }
  }
  log(
    `${made} roster changes acknowledged: ${each === 1 ? 'one' : each} each of a half- and a zero-point bye, ` +
      'a bye asked for and taken back, a withdrawal, a substitution',
  );
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The end state of what this phase records, read with SQL in the ledger's canonical words:
 * - registration: id → 'active' | 'cancelled';
 * - payment: id → 'unpaid' | 'pending' | 'paid:<card|cash|bank_transfer>' | 'cancelled';
 * - consent: registration entry id → 'confirmed' | 'pending' (entries that needed consent);
 * - roster-change: 'name:<entry id>' → its name; 'bye:<player id>:<round>' → 'half' | 'zero' | 'full' | 'none'
 *   (for every player and round of every tournament; a pairing-allocated bye is 'none');
 *   'withdrawal:<player id>' → 'active' | 'withdrawn-from-<round>'; 'substitution:<replaced player id>' →
 *   'replaced-by:<name>' once the substitute plays and the pupil replaced does not, else 'waiting:<name>';
 * - audit: '<action>:<registration or entry id>' → 'logged once' | 'logged <n> times' for registration_created,
 *   registration_paid, registration_cancelled and guardian_consent_confirmed.
 */
export async function registrationFinalState(db: pg.Client): Promise<Map<WriteKind, Map<string, string>>> {
  const state = new Map<WriteKind, Map<string, string>>();
  const kind = (name: WriteKind) => {
    const map = state.get(name) ?? new Map<string, string>();
    state.set(name, map);
    return map;
  };

  const registrations = await db.query<{ id: string; payment_status: string; paid_via: string | null }>(
    'select id, payment_status, paid_via from registrations',
  );
  for (const row of registrations.rows) {
    kind('registration').set(row.id, row.payment_status === 'cancelled' ? 'cancelled' : 'active');
    kind('payment').set(
      row.id,
      row.payment_status === 'paid' ? `paid:${row.paid_via ?? 'unknown'}` : row.payment_status,
    );
  }

  const entries = await db.query<{
    id: string;
    name: string;
    guardian_email: string | null;
    guardian_confirmed_at: Date | null;
  }>('select id, name, guardian_email, guardian_confirmed_at from registration_team_players');
  for (const row of entries.rows) {
    kind('roster-change').set(`name:${row.id}`, row.name);
    if (row.guardian_email) kind('consent').set(row.id, row.guardian_confirmed_at ? 'confirmed' : 'pending');
  }

  const byes = kind('roster-change');
  const slots = await db.query<{ player_id: string; round_number: number; kind: string | null }>(
    `select p.id as player_id, r.number as round_number, b.kind
       from players p
       join rounds r on r.tournament_id = p.tournament_id
       left join round_byes b on b.round_id = r.id and b.player_id = p.id`,
  );
  for (const row of slots.rows) {
    byes.set(
      `bye:${row.player_id}:${row.round_number}`,
      row.kind === null || row.kind === 'pairing' ? 'none' : row.kind,
    );
  }
  const players = await db.query<{ id: string; active: boolean; withdrawn_from_round: number | null }>(
    'select id, active, withdrawn_from_round from players',
  );
  for (const row of players.rows) {
    byes.set(
      `withdrawal:${row.id}`,
      row.active ? 'active' : `withdrawn-from-${row.withdrawn_from_round ?? '?'}`,
    );
  }
  const substitutions = await db.query<{
    replaced_player: string | null;
    name: string;
    substitute_active: boolean | null;
    replaced_active: boolean | null;
  }>(
    `select old.player_id as replaced_player, new.name, sp.active as substitute_active, op.active as replaced_active
       from registration_team_players new
       join registration_team_players old on old.id = new.replaces_entry_id
       left join players sp on sp.id = new.player_id
       left join players op on op.id = old.player_id`,
  );
  for (const row of substitutions.rows) {
    if (!row.replaced_player) continue;
    const plays = row.substitute_active === true && row.replaced_active === false;
    byes.set(`substitution:${row.replaced_player}`, `${plays ? 'replaced-by' : 'waiting'}:${row.name}`);
  }

  const logs = await db.query<{ action_type: string; subject: string; n: string }>(
    `select action_type, coalesce(metadata->>'playerId', metadata->>'registrationId') as subject, count(*) as n
       from system_logs
      where action_type in ('registration_created', 'registration_paid', 'registration_cancelled',
                            'guardian_consent_confirmed')
      group by 1, 2`,
  );
  for (const row of logs.rows) {
    const n = Number(row.n);
    kind('audit').set(`${row.action_type}:${row.subject}`, loggedTimes(n));
  }
  return state;
}
