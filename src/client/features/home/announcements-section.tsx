import { Megaphone, Pin } from 'lucide-react';
import type { Announcement } from '../../../contracts/announcements';
import { RichHtml } from '../../components/rich-html';
import { Container } from '../../components/ui/container';
import { SectionHeading } from '../../components/ui/section-heading';
import { formatDateTime } from '../../lib/format';

/** Shown when no announcement could be loaded, so the section never sits empty. */
export const FALLBACK_ANNOUNCEMENTS = [
  'Pairings for each round are posted here and on the leaderboard as soon as they are made.',
  'Please arrive 20 minutes before your first round to check in with your team captain.',
  'Questions about your registration? Use the contact details at the bottom of this page.',
];

interface AnnouncementsSectionProps {
  customAnnouncement: string;
  announcements: Announcement[];
}

export function AnnouncementsSection({ customAnnouncement, announcements }: AnnouncementsSectionProps) {
  const custom = customAnnouncement.trim();
  const useFallback = custom === '' && announcements.length === 0;
  return (
    <section aria-labelledby="announcements-title" className="py-12 sm:py-16">
      <Container>
        <SectionHeading id="announcements-title" title="Announcements" eyebrow="News from the organisers" />
        <div className="grid gap-4 lg:grid-cols-2">
          {custom ? (
            <div className="flex gap-4 rounded-2xl border-2 border-accent bg-surface p-5 shadow-sm lg:col-span-2">
              <Pin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-text" />
              <div>
                <p className="text-sm font-semibold uppercase tracking-widest text-accent-text">Pinned</p>
                <p className="mt-1 whitespace-pre-line text-fg">{custom}</p>
              </div>
            </div>
          ) : null}
          {(useFallback
            ? FALLBACK_ANNOUNCEMENTS.map((content) => ({ content, createdAt: null }))
            : announcements
          ).map((announcement) => (
            <article
              key={`${announcement.createdAt ?? 'fallback'}-${announcement.content}`}
              className="flex gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm"
            >
              <Megaphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div>
                {announcement.createdAt ? (
                  <RichHtml html={announcement.content} className="text-fg [&_p]:text-fg" />
                ) : (
                  <p className="text-fg">{announcement.content}</p>
                )}
                {announcement.createdAt ? (
                  <p className="mt-2 text-xs text-muted">
                    <time dateTime={announcement.createdAt}>{formatDateTime(announcement.createdAt)}</time>
                  </p>
                ) : null}
              </div>
            </article>
          ))}
        </div>
      </Container>
    </section>
  );
}
