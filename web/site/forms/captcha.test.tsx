// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInPage } from '../testing/render-page';
import { samplePageProps } from '../testing/sample-props';
import { Captcha } from './captcha';
import { TestObserver } from '../testing/intersection-observer';

// The widget's module, watched: how many times it was loaded, and how many times a captcha set
// up a widget from it (each sets the widget's words first).
const widget = vi.hoisted(() => ({ moduleLoads: 0, setWidgetStrings: vi.fn() }));
vi.mock('../../shared/form-kit/altcha-widget', () => {
  widget.moduleLoads++;
  return {
    setWidgetStrings: widget.setWidgetStrings,
    challengeFetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
  };
});

/** One widget was set up, from the module loaded once. */
function expectOneWidget(widgets: () => number) {
  expect(widget.setWidgetStrings).toHaveBeenCalledTimes(1);
  expect(widgets()).toBe(1);
}

/** The latest observer still watching a captcha. */
const observer = () => TestObserver.all.filter((o) => !o.disconnected).at(-1);

/** Lets every dynamic import started so far land, and React apply what follows. */
const settle = () =>
  act(async () => {
    await vi.dynamicImportSettled();
  });

function renderForm() {
  renderInPage(
    <form>
      <label>
        Name <input name="name" />
      </label>
      <Captcha onChange={() => {}} errorId="captcha-error" />
    </form>,
    samplePageProps({ route: '/forms' }),
  );
  return {
    field: screen.getByLabelText('Name'),
    standIn: document.querySelector<HTMLInputElement>('.captcha-stand-in input')!,
    widgets: () => document.querySelectorAll('altcha-widget').length,
  };
}

describe('the captcha waits for the visitor', () => {
  beforeEach(() => {
    TestObserver.all = [];
    widget.setWidgetStrings.mockClear();
    vi.stubGlobal('IntersectionObserver', TestObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads nothing while its form is out of view and untouched, and loads once when the visitor focuses the form', async () => {
    const { field, standIn, widgets } = renderForm();
    // The observer's first answer: the captcha is far below the screen.
    expect(observer()?.options?.rootMargin).toBe('200px');
    act(() => observer()!.answer(false));
    await settle();
    expect(widget.moduleLoads).toBe(0);
    expect(widget.setWidgetStrings).not.toHaveBeenCalled();
    expect(widgets()).toBe(0);
    expect(standIn).not.toBeNull();

    act(() => field.focus());
    await settle();
    expect(widget.moduleLoads).toBe(1);
    expectOneWidget(widgets);
    // Watching stops: neither more focus nor scrolling loads it again.
    expect(observer()).toBeUndefined();
    act(() => {
      field.blur();
      field.focus();
    });
    act(() => TestObserver.all.forEach((o) => o.answer(true)));
    await settle();
    expectOneWidget(widgets);
  });

  it('loads once when the captcha comes near the screen, and not again on focus', async () => {
    const { field, widgets } = renderForm();
    act(() => observer()!.answer(false));
    await settle();
    expect(widget.setWidgetStrings).not.toHaveBeenCalled();

    act(() => observer()!.answer(true));
    await settle();
    expectOneWidget(widgets);
    act(() => field.focus());
    await settle();
    expectOneWidget(widgets);
  });

  it('loads when the visitor ticks the stand-in box', async () => {
    const { standIn, widgets } = renderForm();
    act(() => observer()!.answer(false));
    await settle();
    expect(widgets()).toBe(0);
    act(() => fireEvent.click(standIn));
    await settle();
    expectOneWidget(widgets);
  });

  it('loads at the observer’s first answer when the box was ticked before the page ran', async () => {
    const { standIn, widgets } = renderForm();
    // Ticked without an event reaching the page's code, as before hydration.
    standIn.checked = true;
    await settle();
    expect(widgets()).toBe(0);
    act(() => observer()!.answer(false));
    await settle();
    expectOneWidget(widgets);
  });

  it('loads a hosted provider’s script only once the visitor focuses the form', async () => {
    const props = samplePageProps({ route: '/forms' });
    props.site = { ...props.site, captcha: { provider: 'turnstile', siteKey: 'site-key' } };
    renderInPage(
      <form>
        <label>
          Name <input name="name" />
        </label>
        <Captcha onChange={() => {}} errorId="captcha-error" />
      </form>,
      props,
    );
    const scripts = () => document.querySelectorAll('script[src*="challenges.cloudflare.com"]');
    act(() => observer()!.answer(false));
    expect(scripts().length).toBe(0);
    act(() => screen.getByLabelText('Name').focus());
    expect(scripts().length).toBe(1);
    act(() => observer()?.answer(true));
    expect(scripts().length).toBe(1);
    for (const script of scripts()) script.remove();
  });
});
