import { ArrowRight, Info, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container';
import { SectionHeading } from '../../components/ui/section-heading';

export function ContactSection({ email }: { email: string }) {
  return (
    <section id="contact-us" aria-labelledby="contact-title" className="bg-surface-muted py-14 sm:py-20">
      <Container>
        <SectionHeading id="contact-title" title="Contact Us" eyebrow="We're here to help">
          Questions about teams, payment or the day itself? Our support team replies within 24 hours.
        </SectionHeading>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-6 shadow-sm">
            <span className="grid size-11 place-items-center rounded-xl bg-primary text-on-primary">
              <Mail aria-hidden="true" className="size-6" />
            </span>
            <h3 className="font-semibold text-fg">E-mail the organisers</h3>
            {email ? (
              <a href={`mailto:${email}`} className="break-all text-lg font-semibold text-link underline">
                {email}
              </a>
            ) : (
              <p className="text-muted">The contact address will be published soon.</p>
            )}
          </div>
          <Link
            to="/important-information"
            className="group flex flex-col gap-3 rounded-2xl border border-line bg-surface p-6 no-underline shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="grid size-11 place-items-center rounded-xl bg-accent text-on-accent">
              <Info aria-hidden="true" className="size-6" />
            </span>
            <span className="font-semibold text-fg">Important information</span>
            <span className="text-muted">
              Venue, schedule, rules and what to bring for the 2025 tournament.
            </span>
            <span className="inline-flex items-center gap-1 font-semibold text-link">
              Read more
              <ArrowRight
                aria-hidden="true"
                className="size-4 transition-transform group-hover:translate-x-1"
              />
            </span>
          </Link>
        </div>
      </Container>
    </section>
  );
}
