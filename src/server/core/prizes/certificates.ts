import PDFDocument from 'pdfkit';
import { BYE_LABELS } from '../../../contracts/byes';
import { BEST_SCHOOL_KEY, type CertificateScope, categoryKey } from '../../../contracts/prizes';
import { countOf, pointsText } from '../../../domain/plural';
import { formatPrize, ordinal } from '../../../domain/prizes';
import { formatResult } from '../../../domain/scoring/results';
import { prizeOutcomes } from '../tournament/prize-views';
import { PublicViews } from '../tournament/public-views';
import type { PublicTournamentData } from '../tournament/tournament.repo';

/** One certificate: who, for what, and the lines under the name. */
export interface Certificate {
  title: string;
  name: string;
  lines: string[];
  /** The pupil it is for (null for a school team's). */
  playerId: string | null;
}

/**
 * The certificates of the active tournament (issue 32, ADR 043): one per prize won (place, category, prize, list,
 * school) and one of participation per pupil who played (points and rounds). Staff print them for the ceremony,
 * so they carry full names: the views are built with every name shown in full, from the same rows and rules as
 * the public prize list.
 */
export function certificatesOf(
  data: PublicTournamentData,
  scope: CertificateScope,
  /** One category's winners only (contracts/prizes.ts `categoryKey`): no participation certificates then. */
  category?: string,
): Certificate[] {
  const tournament = data.tournament;
  if (!tournament) return [];
  const views = fullNameViews(data);
  const schoolName = new Map(views.schools().map((school) => [school.id, school.name]));
  const schoolOf = (playerId: string) => {
    const row = views.playerRow(playerId);
    return (row?.schoolId ? schoolName.get(row.schoolId) : undefined) ?? row?.groupName ?? null;
  };
  const date = tournament.endDate ?? tournament.startDate;
  const footer = [eventLine(data), date].filter(Boolean).join(' · ');
  const certificates: Certificate[] = [];

  if (scope !== 'participants') {
    // An event with sections awards each section's prizes (ADR 044): its name goes on its certificates.
    const groups = views.sections.length
      ? views.sectionViews().map((entry) => ({ section: entry.section, views: entry.views }))
      : [{ section: null, views }];
    for (const group of groups) {
      certificates.push(...winnersOf(group.views, group.section, schoolOf, footer, category));
    }
  }

  if (scope !== 'winners' && category === undefined) {
    // Every pupil entered, a pupil who withdrew included: they took part.
    const everyone = data.players.flatMap((player) => views.playerRow(player.id) ?? []);
    for (const player of everyone.sort((a, b) => a.name.localeCompare(b.name, 'en'))) {
      certificates.push({
        title: 'Certificate of Participation',
        playerId: player.id,
        name: player.name,
        lines: [
          took(views, player.id),
          views.sectionOf(player.id)?.name ?? '',
          schoolOf(player.id) ?? '',
          footer,
        ].filter(Boolean),
      });
    }
  }
  return certificates;
}

/** The certificates of one group's prize winners (the event's, or a section's named `section`). */
function winnersOf(
  views: PublicViews,
  section: { name: string; slug: string } | null,
  schoolOf: (playerId: string) => string | null,
  footer: string,
  only: string | undefined,
): Certificate[] {
  const certificates: Certificate[] = [];
  const { players, brackets, bestSchool } = prizeOutcomes(views);
  const listOf = (name: string) => (section ? `${section.name} · ${name}` : name);
  const wanted = (key: string) => only === undefined || only === key;
  for (const { bracket, outcome } of brackets) {
    bracket.categories.forEach((category, index) => {
      if (!wanted(categoryKey(section?.slug ?? null, bracket.id, category.id))) return;
      for (const award of outcome.categories[index]!.awards) {
        const place =
          award.place <= category.places.length ? `${ordinal(award.place)} place` : 'A shared place';
        certificates.push({
          title: 'Certificate of Achievement',
          playerId: award.playerId,
          name: players.get(award.playerId)!.name,
          lines: [
            `${place} · ${category.name}`,
            award.prize.kind === 'certificate'
              ? listOf(bracket.name)
              : `${listOf(bracket.name)} · ${formatPrize(award.prize, award.amount)}`,
            schoolOf(award.playerId) ?? '',
            footer,
          ].filter(Boolean),
        });
      }
    });
  }
  const schoolAwards = wanted(categoryKey(section?.slug ?? null, BEST_SCHOOL_KEY))
    ? (bestSchool?.awards ?? [])
    : [];
  for (const award of schoolAwards) {
    certificates.push({
      title: 'Certificate of Achievement',
      playerId: null,
      name: award.teamKey,
      lines: [
        `${ordinal(award.place)} place · ${listOf(bestSchool!.prize.name)}`,
        bestSchool!.schoolOf.get(award.teamKey) ?? '',
        footer,
      ].filter(Boolean),
    });
  }
  return certificates;
}

/** "took part and scored 3½ points in 5 rounds": the pupil's score as the standings count it. */
function took(views: PublicViews, playerId: string): string {
  const score = views.scoreOf(playerId);
  const rounds = score.gamesFinished + score.byes;
  if (rounds === 0) return 'took part';
  return `took part and scored ${pointsText(score.halfPoints)} in ${countOf(rounds, 'round')}`;
}

/** "Schools Team Chess Championship 2025 · Main Hall": the event as a certificate or a results sheet names it. */
const eventLine = (data: PublicTournamentData) =>
  [data.tournament?.name, data.tournament?.venue].filter(Boolean).join(' · ');

/** The views of these rows with every pupil's name in full: for documents handed to the pupils, never published. */
export function fullNameViews(data: PublicTournamentData): PublicViews {
  const tournament = data.tournament;
  return new PublicViews({
    ...data,
    tournament: tournament ? { ...tournament, publicNameDisplay: 'full' } : null,
    players: data.players.map((player) => ({ ...player, publicNameDisplay: null })),
  });
}

/**
 * The certificates as one PDF, a page each (A4 landscape, a double frame, the standard PDF fonts: Latin letters
 * with Irish and most European accents; a name in another script would need an embedded font, ADR 043).
 */
export function certificatesPdf(certificates: readonly Certificate[], title: string): Promise<Buffer> {
  return drawPdf(title, (doc) => {
    drawCertificates(doc, certificates);
    if (certificates.length === 0) doc.font('Helvetica').fontSize(16).text('No certificates to print yet.');
  });
}

/** One line of a school's results sheet. */
export interface ResultsLine {
  name: string;
  team: string | null;
  rank: number | null;
  halfPoints: number;
  /** "R1 Board 12, White v Ana Murphy: 1-0", or "R3 Requested bye (½ point)". */
  rounds: string[];
}

/**
 * A school's pack for its teacher (ADR 043): its results sheet (each pupil's points, place and games) and then every
 * certificate of its pupils, as one PDF.
 */
export function schoolPackPdf(
  school: string,
  event: string,
  lines: readonly ResultsLine[],
  certificates: readonly Certificate[],
): Promise<Buffer> {
  return drawPdf(`${school}: results and certificates`, (doc) => {
    const { width } = doc.page;
    doc.fillColor('#1f3a2e').font('Times-Bold').fontSize(26).text(`${school}: results`, 72, 60);
    doc.fillColor('#4a4a4a').font('Helvetica').fontSize(12).text(event).moveDown(1);
    for (const line of lines) {
      doc.fillColor('#111111').font('Helvetica-Bold').fontSize(13);
      const place = line.rank === null ? '' : `, ${ordinal(line.rank)} place`;
      const team = line.team ? ` · ${line.team}` : '';
      doc.text(`${line.name}${team}: ${pointsText(line.halfPoints)}${place}`, { width: width - 144 });
      doc.fillColor('#333333').font('Helvetica').fontSize(11);
      for (const round of line.rounds) doc.text(round, { width: width - 144, indent: 14 });
      doc.moveDown(0.6);
    }
    if (certificates.length > 0) doc.addPage();
    drawCertificates(doc, certificates);
  });
}

function drawPdf(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 72, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** A page per certificate, from the current page on (see certificatesPdf for the look). */
function drawCertificates(doc: PDFKit.PDFDocument, certificates: readonly Certificate[]): void {
  const { width, height } = doc.page;
  certificates.forEach((certificate, index) => {
    if (index > 0) doc.addPage();
    doc
      .lineWidth(3)
      .rect(24, 24, width - 48, height - 48)
      .stroke('#1f3a2e');
    doc
      .lineWidth(1)
      .rect(34, 34, width - 68, height - 68)
      .stroke('#b08d3c');
    const across = { align: 'center', width: width - 144 } as const;
    doc.fillColor('#1f3a2e').font('Times-Bold').fontSize(42);
    doc.text(certificate.title, 72, 120, across);
    doc.moveDown(0.6).fillColor('#4a4a4a').font('Helvetica').fontSize(16).text('awarded to', across);
    doc
      .moveDown(0.8)
      .fillColor('#111111')
      .font('Times-BoldItalic')
      .fontSize(38)
      .text(certificate.name, across);
    doc.moveDown(1).fillColor('#333333').font('Helvetica').fontSize(18);
    for (const line of certificate.lines) doc.text(line, across).moveDown(0.5);
    // Two lines to sign at the foot.
    const foot = height - 110;
    doc.lineWidth(0.8).strokeColor('#777777');
    doc.moveTo(140, foot).lineTo(340, foot).stroke();
    doc
      .moveTo(width - 340, foot)
      .lineTo(width - 140, foot)
      .stroke();
    doc.fillColor('#555555').fontSize(12);
    doc.text('Chief arbiter', 140, foot + 8, { width: 200, align: 'center' });
    doc.text('Organiser', width - 340, foot + 8, { width: 200, align: 'center' });
  });
}

/** A school's pack (ADR 043) for the pupils entered through its registration: results sheet, then certificates. */
export function schoolPack(
  data: PublicTournamentData,
  playerIds: ReadonlySet<string>,
  school: string,
): Promise<Buffer> {
  const views = fullNameViews(data);
  const ranks = new Map(views.standings().map((row) => [row.player.id, row.rank]));
  const lines: ResultsLine[] = [...playerIds]
    .flatMap((playerId) => {
      const player = views.playerRow(playerId);
      return player ? [player] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((player) => {
      const rounds = views.roundsOf(player.id).sort((a, b) => a.roundNumber - b.roundNumber);
      return {
        name: player.name,
        team: player.groupName,
        rank: ranks.get(player.id) ?? null,
        halfPoints: views.scoreOf(player.id).halfPoints,
        rounds: rounds.map((round) => {
          if (round.bye) return `Round ${round.roundNumber}: ${BYE_LABELS[round.bye]}`;
          const colour = round.colour === 'white' ? 'White' : 'Black';
          const said = round.outcome === 'win' ? 'won' : round.outcome === 'draw' ? 'drew' : 'lost';
          const result = round.result
            ? `${said} (${formatResult(round.result)})`
            : round.isStarted
              ? 'in play'
              : 'to play';
          return `Round ${round.roundNumber}: board ${round.board}, ${colour} v ${round.opponent?.name ?? '—'}: ${result}`;
        }),
      };
    });
  const event = eventLine(data);
  const certificates = certificatesOf(data, 'all').filter(
    (certificate) => certificate.playerId !== null && playerIds.has(certificate.playerId),
  );
  return schoolPackPdf(school, event, lines, certificates);
}
