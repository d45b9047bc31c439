import { ChessKnight, School, Trophy, Users } from 'lucide-react';
import { Container } from '../../components/ui/container';
import { SectionHeading } from '../../components/ui/section-heading';

const points = [
  {
    icon: Users,
    title: 'Teams of four',
    text: 'Each school enters one or more teams of exactly four players. Every game counts for you and your team.',
  },
  {
    icon: ChessKnight,
    title: 'Swiss system',
    text: 'Nobody is knocked out. Each round you meet someone on a similar score, never a team-mate from your own school.',
  },
  {
    icon: School,
    title: 'All schools, all levels',
    text: 'Beginners and club players are equally welcome. A win is worth 1 point, a draw ½.',
  },
  {
    icon: Trophy,
    title: 'Prizes and standings',
    text: 'Individual and school standings update live after every result, right here on the leaderboard.',
  },
];

export function AboutSection() {
  return (
    <section id="about-us" aria-labelledby="about-title" className="bg-surface-muted py-14 sm:py-20">
      <Container>
        <SectionHeading id="about-title" title="About the Tournament" eyebrow="About us">
          A chess tournament run by teachers and volunteers for second-level pupils: a day of serious games,
          new friends and school pride.
        </SectionHeading>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {points.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
              <span className="mb-4 grid size-11 place-items-center rounded-xl bg-band text-highlight">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="font-semibold text-fg">{title}</h3>
              <p className="mt-2 text-sm text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
