import type { CarouselSlide } from './image-carousel';

export const LIVE_SLIDES: CarouselSlide[] = [
  {
    src: '/images/tournament-hall.svg',
    alt: 'Rows of chess boards set up in a school hall',
    caption: 'Every board in play, every round',
  },
  {
    src: '/images/opening-move.svg',
    alt: 'A chess board with a white knight making the first move',
    caption: 'Swiss pairings: a fair game every round',
  },
  {
    src: '/images/team-of-four.svg',
    alt: 'Four pupils in school jumpers standing together',
    caption: 'Teams of four, playing for their school',
  },
  {
    src: '/images/trophy.svg',
    alt: 'A gold trophy flanked by medals',
    caption: 'Trophies for the top teams and players',
  },
];

/** The pre-event page's first carousel: what last year looked like. */
export const LAST_YEAR_SLIDES: CarouselSlide[] = [
  {
    src: '/images/tournament-hall.svg',
    alt: 'Rows of chess boards set up in a school hall',
    caption: 'Over 350 people took part last year',
  },
  {
    src: '/images/trophy.svg',
    alt: 'A gold trophy flanked by medals',
    caption: 'Prize-giving for the top teams and players',
  },
  {
    src: '/images/team-of-four.svg',
    alt: 'Four pupils in school jumpers standing together',
    caption: 'Friends, classmates and new rivals',
  },
];

/** The pre-event page's second carousel: what a day at the tournament is like. */
export const EVENT_DAY_SLIDES: CarouselSlide[] = [
  {
    src: '/images/opening-move.svg',
    alt: 'A chess board with a white knight making the first move',
    caption: 'Five rounds of rated chess',
  },
  { src: '/images/chess-clock.svg', alt: 'A two-sided chess clock', caption: 'Clocks for every board' },
  {
    src: '/images/pairings-board.svg',
    alt: 'A phone showing the pairings list beside a chess board',
    caption: 'Live pairings and results on your phone',
  },
];
