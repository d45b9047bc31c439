import type { HTMLAttributes } from 'react';
import { cx } from './cx';

/** Readable long-form text: headings, paragraphs, lists and links styled by element. */
export function Prose({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cx(
        'max-w-3xl text-fg leading-relaxed',
        '[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:scroll-mt-24 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold first:[&_h2]:mt-0',
        '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-semibold [&_h3]:text-lg',
        '[&_p]:my-3 [&_p]:text-muted [&_li]:text-muted',
        '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5',
        '[&_a]:font-medium [&_a]:text-link [&_a]:underline [&_strong]:text-fg',
        className,
      )}
      {...props}
    />
  );
}
