import { ArrowRight, ChessKnight, ChessQueen, ChessRook, type LucideIcon, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { readableBandBackground } from '../../../domain/contrast';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { useTheme } from '../../lib/theme';
import { splitHeroTitle } from './hero-title';

export interface HeroFact {
  icon: LucideIcon;
  label: string;
  value: string;
}

interface HeroProps {
  title: string;
  subtitle: string;
  welcome: string;
  facts: HeroFact[];
  registrationOpen: boolean;
  backgroundColor: string;
  animate: boolean;
  children?: ReactNode;
}

/** docs/requirements.md §2: primary 'Join Tournament' → /registration when registration is open, else 'View Leaderboard'. */
function PrimaryAction({ registrationOpen }: { registrationOpen: boolean }) {
  return registrationOpen ? (
    <ButtonLink to="/registration" variant="accent" size="lg">
      Join Tournament
      <ArrowRight aria-hidden="true" className="size-5" />
    </ButtonLink>
  ) : (
    <ButtonLink to="/leaderboard" variant="accent" size="lg">
      View Leaderboard
      <ArrowRight aria-hidden="true" className="size-5" />
    </ButtonLink>
  );
}

function FloatingPieces({ onlyTop }: { onlyTop: boolean }) {
  const all = [
    { Icon: ChessKnight, className: 'right-[6%] top-10 size-40 lg:size-56', delay: '0s' },
    { Icon: ChessQueen, className: 'right-[28%] bottom-6 size-24 lg:size-32', delay: '-2s' },
    { Icon: ChessRook, className: 'right-[2%] bottom-10 size-20 lg:size-28', delay: '-4s' },
  ];
  // When the hero carries cards along its bottom edge, only the top piece stays clear of them.
  const pieces = onlyTop ? all.slice(0, 1) : all;
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 hidden overflow-hidden md:block">
      {pieces.map(({ Icon, className, delay }) => (
        <Icon
          key={delay}
          strokeWidth={1.1}
          className={`animate-float absolute text-white/15 ${className}`}
          style={{ animationDelay: delay }}
        />
      ))}
    </div>
  );
}

export function Hero({
  title,
  subtitle,
  welcome,
  facts,
  registrationOpen,
  backgroundColor,
  animate,
  children,
}: HeroProps) {
  const { coloured, rest } = splitHeroTitle(title);
  const [theme] = useTheme();
  // The organisers' hero colour applies in the default theme when text stays readable on it.
  const custom = theme === 'light' ? readableBandBackground(backgroundColor) : null;

  return (
    <section
      aria-labelledby="hero-title"
      className="chess-pattern relative overflow-hidden bg-band bg-linear-to-br from-band via-band to-band-2 text-on-band"
      style={custom ? { backgroundColor: custom, backgroundImage: 'none' } : undefined}
    >
      {animate ? <FloatingPieces onlyTop={Boolean(children)} /> : null}
      <Container className="relative py-14 sm:py-20 lg:py-24">
        <div className="max-w-3xl">
          {welcome ? (
            <p className="mb-4 inline-flex rounded-full border border-white/20 bg-white/10 px-4 py-1.5 text-sm font-medium">
              {welcome}
            </p>
          ) : null}
          <h1
            id="hero-title"
            className="font-display text-4xl font-bold leading-tight sm:text-5xl lg:text-6xl"
          >
            <span className="text-highlight">{coloured}</span>
            {rest ? <span className="text-white"> {rest}</span> : null}
          </h1>
          {subtitle ? <p className="mt-5 text-lg text-on-band-muted sm:text-xl">{subtitle}</p> : null}
          {facts.length > 0 ? (
            <dl className="mt-8 grid gap-3 sm:flex sm:flex-wrap sm:gap-x-8">
              {facts.map(({ icon: Icon, label, value }) => (
                <div key={label} className="flex items-center gap-3">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-highlight" />
                  <dt className="sr-only">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <PrimaryAction registrationOpen={registrationOpen} />
            <ButtonLink to="/player-lookup" variant="on-band" size="lg">
              <Search aria-hidden="true" className="size-5" />
              Board &amp; Player Lookup
            </ButtonLink>
          </div>
        </div>
        {children}
      </Container>
    </section>
  );
}
