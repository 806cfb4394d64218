import {
  Children,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { A11y, Autoplay, EffectFade, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import { usePage } from '../page-context';
import { useTranslation } from '../translation';
import { ChevronEndIcon, ChevronStartIcon, PauseIcon, PlayIcon } from './icons';

/** The viewport widths, in px, at which a carousel may change how many slides it shows. */
export const carouselWidths = [0, 576, 600, 768, 992, 1200] as const;

/** Slides in view from each listed viewport width up (the specification's `responsive`). */
export type PerView = Partial<Record<(typeof carouselWidths)[number], number>> & { 0: number };

/**
 * How many slides are in view at each of carouselWidths: the value of the largest listed width
 * at or below it, never more than there are slides.
 */
export function slidesInView(perView: PerView, slides: number): number[] {
  let current = perView[0];
  return carouselWidths.map((width) => {
    current = perView[width] ?? current;
    return Math.max(1, Math.min(current, slides));
  });
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeMedia(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

/** Whether a media query matches; false while rendering on the server and hydrating. */
function useMedia(query: string): boolean {
  return useSyncExternalStore(
    subscribeMedia(query),
    () => window.matchMedia(query).matches,
    () => false,
  );
}

type CarouselProps = {
  /** The carousel's accessible name. */
  label: string;
  perView: PerView;
  /** Space between slides in px, on each slide's inline end. */
  gap: 10 | 24 | 30;
  /** Previous and next buttons. */
  arrows?: boolean;
  /** A dot per slide. */
  dots?: boolean;
  /** Duration of a transition, ms. */
  speed?: number;
  /** Time a slide stays before autoplay moves on, ms. */
  delay?: number;
  /** With one slide in view, slides cross-fade instead of sliding. */
  fadeWhenSingle?: boolean;
  /** With several in view, each slide fades in as it comes into view. */
  fadeIn?: boolean;
  /** Drag with the mouse (touch dragging always works). */
  mouseDrag?: boolean;
  /**
   * Where every slide fits in view at once, show them twice in a row so the carousel can still
   * loop and autoplay; slides keep their own "n of m" labels in both rounds.
   */
  repeatToLoop?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * An autoplaying carousel (Swiper) following the ARIA carousel pattern: a labelled region with a
 * rotation control, slides labelled "n of m", arrow keys while focus is inside, and autoplay
 * paused under the pointer, while focus is inside, after the visitor pauses it, and whenever the
 * visitor prefers reduced motion. Before the script runs, CSS lays the slides out as Swiper will,
 * so nothing moves when it starts. Right-to-left pages mirror it.
 */
export function Carousel({
  label,
  perView,
  gap,
  arrows = false,
  dots = false,
  speed = 600,
  delay = 5000,
  fadeWhenSingle = false,
  fadeIn = false,
  mouseDrag = true,
  repeatToLoop = false,
  className = '',
  children,
}: CarouselProps) {
  const { t } = useTranslation();
  const { dir } = usePage();
  const own = Children.toArray(children);
  const inView = slidesInView(perView, own.length);
  const most = Math.max(...inView);
  const repeated = repeatToLoop && own.length > 1 && own.length <= most;
  const slides = repeated ? [...own, ...own] : own;
  const swiperRef = useRef<SwiperInstance | null>(null);
  const [paused, setPaused] = useState(false); // the visitor's choice
  const [focused, setFocused] = useState(false);
  const reducedMotion = useMedia(reducedMotionQuery);
  const single = useMedia(`(max-width: ${carouselWidths[1] - 0.02}px)`) && inView[0] === 1;
  const fade = fadeWhenSingle && single;
  const regionId = useId();

  const rotating = !paused && !focused && !reducedMotion && slides.length > most;
  useEffect(() => {
    const autoplay = swiperRef.current?.autoplay;
    if (!autoplay) return;
    if (rotating && !autoplay.running) autoplay.start();
    if (!rotating && autoplay.running) autoplay.stop();
  }, [rotating]);

  const onSwiper = useCallback((swiper: SwiperInstance) => {
    swiperRef.current = swiper;
  }, []);

  const options: SwiperOptions = {
    modules: [A11y, Autoplay, Pagination, ...(fade ? [EffectFade] : [])],
    speed: reducedMotion ? 0 : speed,
    // Loop needs at least one slide more than are in view; with fewer, autoplay rewinds.
    loop: slides.length > most,
    rewind: slides.length <= most,
    slidesPerView: inView[0],
    spaceBetween: gap,
    breakpoints: Object.fromEntries(
      carouselWidths.slice(1).map((width, i) => [width, { slidesPerView: inView[i + 1] }]),
    ),
    ...(fade
      ? { effect: 'fade', fadeEffect: { crossFade: true }, slidesPerView: 1, breakpoints: {} }
      : {}),
    watchSlidesProgress: fadeIn,
    simulateTouch: mouseDrag,
    grabCursor: mouseDrag,
    // Started and stopped by the effect above as focus, preference and the pause button change.
    autoplay:
      slides.length > most
        ? { delay, pauseOnMouseEnter: true, disableOnInteraction: false }
        : false,
    pagination: dots
      ? {
          clickable: true,
          bulletElement: 'button',
        }
      : false,
    a11y: {
      containerRoleDescriptionMessage: null,
      itemRoleDescriptionMessage: t('carousel.slide'),
      slideRole: 'group',
      // A repeated round labels its slides itself, counting its own slides only.
      slideLabelMessage: repeated
        ? ''
        : t('carousel.slideLabel', {
            index: '{{index}}',
            count: '{{slidesLength}}',
          }),
      paginationBulletMessage: t('carousel.goTo', { index: '{{index}}' }),
      prevSlideMessage: t('carousel.previous'),
      nextSlideMessage: t('carousel.next'),
    },
  };

  const step = (forward: boolean) => {
    const swiper = swiperRef.current;
    if (!swiper) return;
    if (forward) swiper.slideNext();
    else swiper.slidePrev();
  };

  // Arrow keys move the carousel while focus is inside it; on a right-to-left page, left is next.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    step((event.key === 'ArrowRight') === (dir === 'ltr'));
  };

  // Classes, not a style attribute: the Content-Security-Policy allows no inline styles.
  const layout = carouselWidths.map((width, i) => `carousel-${width}-${inView[i]}`).join(' ');

  return (
    <section
      aria-roledescription={t('carousel.carousel')}
      aria-label={label}
      className={`carousel carousel-gap-${gap} ${layout} ${fadeIn && !fade ? 'carousel-fade-in' : ''} ${className}`}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="mb-4 flex items-center justify-end gap-2">
        {slides.length > most && (
          <button
            type="button"
            className="carousel-button"
            aria-controls={regionId}
            aria-label={paused ? t('carousel.play') : t('carousel.pause')}
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
          </button>
        )}
        {arrows && (
          <>
            <button
              type="button"
              className="carousel-button"
              aria-controls={regionId}
              aria-label={t('carousel.previous')}
              onClick={() => step(false)}
            >
              <ChevronStartIcon className="size-5" />
            </button>
            <button
              type="button"
              className="carousel-button"
              aria-controls={regionId}
              aria-label={t('carousel.next')}
              onClick={() => step(true)}
            >
              <ChevronEndIcon className="size-5" />
            </button>
          </>
        )}
      </div>
      <Swiper
        key={fade ? 'fade' : 'slide'}
        id={regionId}
        dir={dir}
        aria-live={rotating ? 'off' : 'polite'}
        onSwiper={onSwiper}
        {...options}
      >
        {slides.map((slide, i) => (
          <SwiperSlide
            key={i}
            className="h-auto!"
            aria-label={
              repeated
                ? t('carousel.slideLabel', { index: (i % own.length) + 1, count: own.length })
                : undefined
            }
          >
            {slide}
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
