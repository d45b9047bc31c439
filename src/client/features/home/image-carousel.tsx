import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { cx } from '../../components/ui/cx';
import { usePrefersReducedMotion } from '../../lib/use-media-query';

export interface CarouselSlide {
  src: string;
  alt: string;
  caption: string;
}

/** docs/requirements.md §9: carousels rotate every 3000 ms unless told otherwise. */
export const DEFAULT_CAROUSEL_INTERVAL_MS = 3_000;

const controlClass =
  'grid size-10 place-items-center rounded-full border border-white/25 bg-white/10 text-on-band hover:bg-white/20';

/**
 * An image carousel that advances every `intervalMs`. It stands still for visitors who prefer reduced
 * motion, while the pointer or keyboard focus is on it, while the tab is hidden, and after Pause.
 */
export function ImageCarousel({
  slides,
  label,
  intervalMs = DEFAULT_CAROUSEL_INTERVAL_MS,
}: {
  slides: CarouselSlide[];
  label: string;
  intervalMs?: number;
}) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  const [isPausedByUser, setIsPausedByUser] = useState(false);
  const [isHeld, setIsHeld] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const isRunning = !reducedMotion && !isPausedByUser && !isHeld && slides.length > 1;

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect);
    return () => {
      emblaApi.off('select', onSelect);
    };
  }, [emblaApi]);

  useEffect(() => {
    if (!emblaApi || !isRunning) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') emblaApi.scrollNext();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [emblaApi, isRunning, intervalMs]);

  const scrollTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative overflow-hidden rounded-3xl border border-line bg-band shadow-xl shadow-black/10"
      onPointerEnter={() => setIsHeld(true)}
      onPointerLeave={() => setIsHeld(false)}
      onFocus={() => setIsHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsHeld(false);
      }}
    >
      <div ref={emblaRef} className="overflow-hidden">
        <div className="flex">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group
            <div
              key={slide.src}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <img
                src={slide.src}
                alt={slide.alt}
                width={1200}
                height={675}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="aspect-video w-full object-cover"
              />
              <p className="px-5 pt-4 pb-1 text-base font-semibold text-on-band sm:text-lg">
                {slide.caption}
              </p>
            </div>
          ))}
        </div>
      </div>
      <div className="flex items-center justify-between gap-2 px-3 pt-2 pb-3">
        <div className="flex gap-2">
          <button type="button" className={controlClass} onClick={() => emblaApi?.scrollPrev()}>
            <ChevronLeft aria-hidden="true" className="size-5" />
            <span className="sr-only">Previous slide</span>
          </button>
          <button type="button" className={controlClass} onClick={() => emblaApi?.scrollNext()}>
            <ChevronRight aria-hidden="true" className="size-5" />
            <span className="sr-only">Next slide</span>
          </button>
        </div>
        <div className="flex items-center gap-1">
          {slides.map((slide, index) => (
            <button
              key={slide.src}
              type="button"
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => scrollTo(index)}
              className="grid size-6 place-items-center"
            >
              <span
                aria-hidden="true"
                className={cx(
                  'block h-2 rounded-full bg-white transition-all',
                  index === selected ? 'w-5' : 'w-2 opacity-60',
                )}
              />
              <span className="sr-only">{`Show slide ${index + 1}`}</span>
            </button>
          ))}
        </div>
        {reducedMotion ? (
          <span className="size-10" />
        ) : (
          <button
            type="button"
            className={controlClass}
            onClick={() => setIsPausedByUser((paused) => !paused)}
          >
            {isPausedByUser ? (
              <Play aria-hidden="true" className="size-5" />
            ) : (
              <Pause aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">{isPausedByUser ? 'Play slideshow' : 'Pause slideshow'}</span>
          </button>
        )}
      </div>
    </section>
  );
}
