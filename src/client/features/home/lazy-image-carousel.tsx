import { type ComponentProps, Suspense } from 'react';
import { TakeOverWhenSeen } from '../../components/take-over-when-seen';
import { lazyNamed } from '../../lib/lazy-page';
import type { ImageCarousel } from './image-carousel';

// The carousel library loads after the page's data is on screen; the frame keeps its size meanwhile. On a page
// the server drew, the carousel is taken over when about to be seen (its library measures the page as it starts).
const Carousel = lazyNamed(() => import('./image-carousel'), 'ImageCarousel');

export function LazyImageCarousel(props: ComponentProps<typeof ImageCarousel>) {
  return (
    <TakeOverWhenSeen>
      <Suspense fallback={<div className="aspect-[16/11] w-full rounded-3xl border border-line bg-band" />}>
        <Carousel {...props} />
      </Suspense>
    </TakeOverWhenSeen>
  );
}
