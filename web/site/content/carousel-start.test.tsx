// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import { Carousel } from './carousel';
import { TestObserver } from '../testing/intersection-observer';

// Swiper, watched: how many times its code was loaded, and each instance a carousel created.
const swiper = vi.hoisted(() => ({
  moduleLoads: 0,
  instances: [] as {
    el: HTMLElement;
    params: Record<string, unknown>;
    slideNext: () => void;
    slidePrev: () => void;
    destroyed: boolean;
  }[],
}));
vi.mock('swiper', () => {
  swiper.moduleLoads++;
  class Swiper {
    destroyed = false;
    autoplay = { running: true, start: vi.fn(), stop: vi.fn() };
    slideNext = vi.fn();
    slidePrev = vi.fn();
    constructor(
      readonly el: HTMLElement,
      readonly params: Record<string, unknown>,
    ) {
      el.classList.add('swiper-initialized');
      swiper.instances.push(this);
    }
    destroy() {
      this.destroyed = true;
      this.el.classList.remove('swiper-initialized');
    }
  }
  return { Swiper, default: Swiper };
});
vi.mock('swiper/modules', () => ({ A11y: {}, Autoplay: {}, EffectFade: {}, Pagination: {} }));

/** The observer still watching the carousel with this name. */
const observerOf = (name: string) =>
  TestObserver.all.find(
    (o) => !o.disconnected && o.observed.some((el) => el.getAttribute('aria-label') === name),
  );

/** Lets every dynamic import started so far land, and React apply what follows. */
const settle = () =>
  act(async () => {
    await vi.dynamicImportSettled();
  });

function renderTwo() {
  renderInPage(
    <>
      <Carousel label="First" perView={{ 0: 1, 768: 2 }} gap={30} dots>
        <p>one</p>
        <p>two</p>
        <p>three</p>
      </Carousel>
      <Carousel label="Second" perView={{ 0: 2 }} gap={10} arrows>
        <p>four</p>
        <p>five</p>
        <p>six</p>
      </Carousel>
    </>,
    samplePageProps({ route: '/' }),
  );
  const region = (name: string) => screen.getByRole('region', { name });
  return { first: region('First'), second: region('Second') };
}

describe('a carousel starts when the visitor comes near it', () => {
  beforeEach(() => {
    TestObserver.all = [];
    swiper.instances = [];
    vi.stubGlobal('IntersectionObserver', TestObserver);
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads and creates no Swiper before it is near, and shows its slides labelled', async () => {
    const { first, second } = renderTwo();
    await settle();
    expect(swiper.moduleLoads).toBe(0);
    expect(swiper.instances).toHaveLength(0);
    expect(observerOf('First')?.options?.rootMargin).toBe('250px');

    // The observer's first answer: both still far below the screen.
    observerOf('First')!.answer(false);
    observerOf('Second')!.answer(false);
    await settle();
    expect(swiper.moduleLoads).toBe(0);
    expect(first.dataset.started).toBeUndefined();

    // Swiper's markup is there already, every slide labelled "n of m".
    const slides = first.querySelectorAll('.swiper > .swiper-wrapper > .swiper-slide');
    expect([...slides].map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 3',
      '2 of 3',
      '3 of 3',
    ]);
    expect(slides[0]?.getAttribute('role')).toBe('group');
    expect(first.querySelector('.swiper > .swiper-pagination')).not.toBeNull();
    expect(second.querySelector('.swiper-pagination')).toBeNull();
  });

  it('creates Swiper on its own markup for each carousel only as it comes near', async () => {
    const { first, second } = renderTwo();
    act(() => observerOf('First')!.answer(true));
    await settle();
    expect(swiper.moduleLoads).toBe(1);
    expect(swiper.instances).toHaveLength(1);
    expect(swiper.instances[0]!.el === first.querySelector('.swiper')).toBe(true);
    const params = swiper.instances[0]!.params as {
      loop: boolean;
      slidesPerView: number;
      spaceBetween: number;
      breakpoints: Record<number, unknown>;
      pagination: { el: Element };
    };
    const { loop, slidesPerView, spaceBetween, breakpoints, pagination } = params;
    expect({ loop, slidesPerView, spaceBetween, breakpoint: breakpoints[768] }).toEqual({
      loop: true,
      slidesPerView: 1,
      spaceBetween: 30,
      breakpoint: { slidesPerView: 2 },
    });
    expect(pagination.el === first.querySelector('.swiper-pagination')).toBe(true);
    expect(first.dataset.started).toBe('true');
    expect(second.dataset.started).toBeUndefined();
    // The first no longer watches; the second still does.
    expect(observerOf('First')).toBeUndefined();
    expect(observerOf('Second')).toBeDefined();

    act(() => observerOf('Second')!.answer(true));
    await settle();
    expect(swiper.instances).toHaveLength(2);
    expect(swiper.instances[1]!.el === second.querySelector('.swiper')).toBe(true);
    expect(second.dataset.started).toBe('true');
  });

  it('starts when focused, and takes an arrow pressed before it started', async () => {
    const { second } = renderTwo();
    const next = screen.getByRole('button', { name: 'Next slide' });
    act(() => next.focus());
    fireEvent.click(next);
    await settle();
    expect(swiper.instances).toHaveLength(1);
    expect(swiper.instances[0]!.el === second.querySelector('.swiper')).toBe(true);
    expect(swiper.instances[0]!.slideNext).toHaveBeenCalledTimes(1);
    expect(second.dataset.started).toBe('true');
    fireEvent.click(next);
    expect(swiper.instances[0]!.slideNext).toHaveBeenCalledTimes(2);
  });

  it('is destroyed with the page', async () => {
    const { first } = renderTwo();
    act(() => observerOf('First')!.answer(true));
    await settle();
    const [instance] = swiper.instances;
    expect(first.dataset.started).toBe('true');
    const { cleanup } = await import('@testing-library/react');
    cleanup();
    expect(instance?.destroyed).toBe(true);
  });
});
