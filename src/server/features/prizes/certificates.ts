import PDFDocument from 'pdfkit';
import type { CertificateScope } from '../../../contracts/prizes';
import { allocateBracket, allocateSchoolPlaces, formatPrize, ordinal } from '../../../domain/prizes';
import { formatPoints } from '../../../domain/scoring/results';
import { prizeInputs } from '../../core/tournament/prize-views';
import { PublicViews } from '../../core/tournament/public-views';
import type { PublicTournamentData } from '../../core/tournament/tournament.repo';

/** One certificate: who, for what, and the lines under the name. */
export interface Certificate {
  title: string;
  name: string;
  lines: string[];
}

/**
 * The certificates of the active tournament (issue 32, ADR 043): one per prize won (place, category, prize, list,
 * school) and one of participation per pupil who played (points and rounds). Staff print them for the ceremony,
 * so they carry full names: the views are built with every name shown in full, from the same rows and rules as
 * the public prize list.
 */
export function certificatesOf(data: PublicTournamentData, scope: CertificateScope): Certificate[] {
  const tournament = data.tournament;
  if (!tournament) return [];
  const views = new PublicViews({
    ...data,
    tournament: { ...tournament, publicNameDisplay: 'full' },
    players: data.players.map((player) => ({ ...player, publicNameDisplay: null })),
  });
  const schoolName = new Map(views.schools().map((school) => [school.id, school.name]));
  const schoolOf = (playerId: string) => {
    const row = views.playerRow(playerId);
    return (row?.schoolId ? schoolName.get(row.schoolId) : undefined) ?? row?.groupName ?? null;
  };
  const event = [tournament.name, tournament.venue].filter(Boolean).join(' · ');
  const date = tournament.endDate ?? tournament.startDate;
  const footer = date ? `${event} · ${date}` : event;
  const rows = views.standings();
  const certificates: Certificate[] = [];

  if (scope !== 'participants') {
    const { config, players, ranked } = prizeInputs(views);
    for (const bracket of config.brackets) {
      const outcome = allocateBracket(bracket, ranked, players);
      bracket.categories.forEach((category, index) => {
        for (const award of outcome.categories[index]!.awards) {
          const place =
            award.place <= category.places.length ? `${ordinal(award.place)} place` : 'A shared place';
          certificates.push({
            title: 'Certificate of Achievement',
            name: players.get(award.playerId)!.name,
            lines: [
              `${place} · ${category.name}`,
              award.prize.kind === 'certificate'
                ? bracket.name
                : `${bracket.name} · ${formatPrize(award.prize, award.amount)}`,
              schoolOf(award.playerId) ?? '',
              footer,
            ].filter(Boolean),
          });
        }
      });
    }
    if (config.bestSchool) {
      const teams = views.teamStandings();
      const school = new Map(teams.map((team) => [team.team, team.school]));
      const result = allocateSchoolPlaces(
        config.bestSchool,
        teams.map((team) => ({ key: team.team, name: team.team, rank: team.rank })),
      );
      for (const award of result.awards) {
        certificates.push({
          title: 'Certificate of Achievement',
          name: award.teamKey,
          lines: [
            `${ordinal(award.place)} place · ${config.bestSchool.name}`,
            school.get(award.teamKey) ?? '',
            footer,
          ].filter(Boolean),
        });
      }
    }
  }

  if (scope !== 'winners') {
    const rounds = views.tournament().tournament?.totalRounds ?? 0;
    for (const row of [...rows].sort((a, b) => a.player.name.localeCompare(b.player.name, 'en'))) {
      certificates.push({
        title: 'Certificate of Participation',
        name: row.player.name,
        lines: [
          `took part and scored ${formatPoints(row.halfPoints)} ${row.halfPoints === 2 ? 'point' : 'points'} in ${rounds} rounds`,
          schoolOf(row.player.id) ?? '',
          footer,
        ].filter(Boolean),
      });
    }
  }
  return certificates;
}

/**
 * The certificates as one PDF, a page each (A4 landscape, a double frame, the standard PDF fonts: Latin letters
 * with Irish and most European accents; a name in another script would need an embedded font, ADR 043).
 */
export function certificatesPdf(certificates: readonly Certificate[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 72, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
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
  if (certificates.length === 0) doc.font('Helvetica').fontSize(16).text('No certificates to print yet.');
  doc.end();
  return done;
}
