import { ArrowRight, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { SectionHeading } from '../../components/ui/section-heading';
import { formatEuroCents } from '../../lib/format';

const steps = (price: string) => [
  {
    title: 'Create your account',
    text: 'A teacher, parent or team captain signs up with an e-mail address. It takes about 5 minutes from start to finish.',
  },
  {
    title: 'Add your teams',
    text: 'Enter the four players of each team. A school may register several teams (A, B, C…) until registration closes.',
  },
  {
    title: 'Pay the entry fee',
    text: `Each team of 4 costs ${price}, paid in euro by card. You can also register now and pay later from your account.`,
  },
  {
    title: 'Check in on the day',
    text: 'Arrive early and check in at the desk. Player names can still be changed at check-in.',
  },
];

const faqs = [
  {
    question: 'Who can play?',
    answer: 'Pupils aged 13 or over. Players under 18 need the consent of a parent or guardian.',
  },
  {
    question: 'Does every team need exactly four players?',
    answer: 'Yes. Each team has exactly 4 players; a school with more players can enter more teams.',
  },
  {
    question: 'Can I get a refund?',
    answer:
      'Fees are non-refundable, except where the law requires a refund or the organisers cancel the event.',
  },
  {
    question: 'What if a player is ill on the day?',
    answer:
      'Contact the organisers beforehand or tell the check-in desk; player names can be changed at check-in.',
  },
];

function Expandable({
  summary,
  children,
  number,
}: {
  summary: string;
  children: ReactNode;
  number?: number;
}) {
  return (
    <details className="group rounded-2xl border border-line bg-surface shadow-sm open:shadow-md">
      <summary className="flex cursor-pointer list-none items-center gap-4 rounded-2xl p-4 font-semibold text-fg sm:p-5 [&::-webkit-details-marker]:hidden">
        {number === undefined ? null : (
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary font-display text-on-primary">
            {number}
          </span>
        )}
        <span className="flex-1">{summary}</span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 text-muted transition-transform group-open:rotate-180"
        />
      </summary>
      <div className={`px-4 pb-5 text-muted sm:px-5 ${number === undefined ? '' : 'sm:pl-[4.5rem]'}`}>
        {children}
      </div>
    </details>
  );
}

export function HowToRegisterSection({ teamPriceCents }: { teamPriceCents: number }) {
  return (
    <section id="how-to-register" aria-labelledby="how-title" className="py-14 sm:py-20">
      <Container className="grid gap-10 lg:grid-cols-2">
        <div>
          <SectionHeading id="how-title" title="How to Register" eyebrow="Four steps">
            Registration takes about 5 minutes. Open a step to see what it involves.
          </SectionHeading>
          <ol className="flex flex-col gap-3">
            {steps(formatEuroCents(teamPriceCents)).map((step, index) => (
              <li key={step.title}>
                <Expandable summary={step.title} number={index + 1}>
                  <p>{step.text}</p>
                </Expandable>
              </li>
            ))}
          </ol>
          <ButtonLink to="/registration-guide" variant="secondary" className="mt-6">
            Read the full registration guide
            <ArrowRight aria-hidden="true" className="size-4" />
          </ButtonLink>
        </div>
        <div>
          <h3 className="mb-4 font-display text-xl font-bold text-fg">Frequently asked questions</h3>
          <div className="flex flex-col gap-3">
            {faqs.map((faq) => (
              <Expandable key={faq.question} summary={faq.question}>
                <p>{faq.answer}</p>
              </Expandable>
            ))}
          </div>
        </div>
      </Container>
    </section>
  );
}
