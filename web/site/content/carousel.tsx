import {
  Children,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import { usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { ChevronEndIcon, ChevronStartIcon, PauseIcon, PlayIcon } from '../../shared/ui/icons';

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

/** How far from the screen a carousel starts, so it is usually running when reached. */
const nearScreen = '250px';

/**
 * Becomes true, once, when the visitor comes to the carousel in `frame`: scrolls it to within
 * `nearScreen` of the screen, or focuses or touches anything in it, whichever comes first. A
 * carousel in view from the start waits for the observer's first answer, which comes after the
 * page's first paint and hydration. Without IntersectionObserver it starts once hydrated.
 */
function useReached(frame: RefObject<HTMLElement | null>): [boolean, () => void] {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (reached || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setReached(true);
      },
      { rootMargin: nearScreen },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame, reached]);
  return [reached || typeof IntersectionObserver === 'undefined', () => setReached(true)];
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
 * visitor prefers reduced motion. Right-to-left pages mirror it.
 *
 * The component renders Swiper's own markup, and CSS lays the slides out as Swiper will; Swiper's
 * code is loaded, and started on that markup, only when the visitor comes near the carousel (see
 * useReached), so nothing moves when it starts and a page's load does not pay for carousels
 * further down. Until then the rotation control keeps the visitor's choice and an arrow pressed
 * moves the carousel as soon as it has started.
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
  const section = useRef<HTMLElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const paginationEl = useRef<HTMLDivElement>(null);
  const [reached, reach] = useReached(section);
  const swiperRef = useRef<SwiperInstance | null>(null);
  const [started, setStarted] = useState(false);
  // A step asked for before Swiper started, taken once it has (true: forward).
  const pendingStep = useRef<boolean | null>(null);
  const [paused, setPaused] = useState(false); // the visitor's choice
  const [focused, setFocused] = useState(false);
  const reducedMotion = useMedia(reducedMotionQuery);
  const single = useMedia(`(max-width: ${carouselWidths[1] - 0.02}px)`) && inView[0] === 1;
  const fade = fadeWhenSingle && single;
  const regionId = useId();
  const loops = slides.length > most;

  const rotating = !paused && !focused && !reducedMotion && loops;

  // Swiper's options, rebuilt each render; Swiper is created from the latest.
  const options: SwiperOptions = {
    speed: reducedMotion ? 0 : speed,
    // Loop needs at least one slide more than are in view; with fewer, autoplay rewinds.
    loop: loops,
    rewind: !loops,
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
    // Started and stopped by the effect below as focus, preference and the pause button change.
    autoplay: loops ? { delay, pauseOnMouseEnter: true, disableOnInteraction: false } : false,
    a11y: {
      containerRoleDescriptionMessage: null,
      itemRoleDescriptionMessage: t('carousel.slide'),
      slideRole: 'group',
      // Every slide carries its own "n of m" label from the server on (below).
      slideLabelMessage: '',
      paginationBulletMessage: t('carousel.goTo', { index: '{{index}}' }),
      prevSlideMessage: t('carousel.previous'),
      nextSlideMessage: t('carousel.next'),
    },
  };
  const latest = useRef({ options, rotating });
  useEffect(() => {
    latest.current = { options, rotating };
  });

  // Once the visitor is near, load Swiper and start it on the markup already there; again from
  // the start when the carousel switches between sliding and cross-fading.
  useEffect(() => {
    const el = frame.current;
    if (!reached || !el) return;
    let cancelled = false;
    let instance: SwiperInstance | null = null;
    void import('./carousel-swiper').then(({ Swiper, A11y, Autoplay, EffectFade, Pagination }) => {
      if (cancelled) return;
      const { options: current, rotating: rotatingNow } = latest.current;
      instance = new Swiper(el, {
        ...current,
        modules: [A11y, Autoplay, Pagination, ...(fade ? [EffectFade] : [])],
        pagination:
          dots && paginationEl.current
            ? { el: paginationEl.current, clickable: true, bulletElement: 'button' }
            : false,
      });
      if (!rotatingNow) instance.autoplay?.stop();
      if (pendingStep.current !== null) {
        if (pendingStep.current) instance.slideNext();
        else instance.slidePrev();
        pendingStep.current = null;
      }
      swiperRef.current = instance;
      setStarted(true);
    });
    return () => {
      cancelled = true;
      if (instance && !instance.destroyed) instance.destroy(true, true);
      swiperRef.current = null;
      setStarted(false);
    };
  }, [reached, fade, dots]);

  useEffect(() => {
    const autoplay = swiperRef.current?.autoplay;
    if (!started || !autoplay || !loops) return;
    if (rotating && !autoplay.running) autoplay.start();
    if (!rotating && autoplay.running) autoplay.stop();
  }, [rotating, loops, started]);

  useEffect(() => {
    const swiper = swiperRef.current;
    if (started && swiper) swiper.params.speed = reducedMotion ? 0 : speed;
  }, [reducedMotion, speed, started]);

  const step = (forward: boolean) => {
    const swiper = swiperRef.current;
    if (!swiper) {
      pendingStep.current = forward;
      reach();
      return;
    }
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
      ref={section}
      aria-roledescription={t('carousel.carousel')}
      aria-label={label}
      data-started={started ? 'true' : undefined}
      className={`carousel carousel-gap-${gap} ${layout} ${fadeIn && !fade ? 'carousel-fade-in' : ''} ${className}`}
      onKeyDown={onKeyDown}
      onFocus={() => {
        setFocused(true);
        reach();
      }}
      onPointerDown={reach}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="mb-4 flex items-center justify-end gap-2">
        {loops && (
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
      {/* Swiper's markup; Swiper adds its classes, styles and bullets here once started. */}
      <div
        ref={frame}
        className="swiper"
        id={regionId}
        dir={dir}
        aria-live={rotating ? 'off' : 'polite'}
      >
        <div className="swiper-wrapper">
          {slides.map((slide, i) => (
            <div
              key={i}
              className="swiper-slide h-auto!"
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideLabel', {
                index: (i % own.length) + 1,
                count: own.length,
              })}
            >
              {slide}
            </div>
          ))}
        </div>
        {dots && <div ref={paginationEl} className="swiper-pagination" />}
      </div>
    </section>
  );
}
