import { useEffect, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { withLanguage } from '../../shared/form-kit/api-client';
import { usePage } from '../pages/page-context';
import type { CaptchaConfig } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import { formsNamespace } from '../../shared/i18n/i18n';

type CaptchaProps = {
  /** Told the token when the check is solved, and '' when it expires or fails. */
  onChange: (token: string) => void;
  /** Called once the visitor has solved it: the control counts as touched. */
  onTouched?: () => void;
  /** The message to show: only ever set by a submit without a solved check. */
  error?: string;
  errorId: string;
  disabled?: boolean;
  /** Change it to throw the current token away and start again (a token is good for one submit). */
  resetKey?: number;
};

type WidgetElement = HTMLElement & {
  configure: (options: Record<string, unknown>) => Promise<void>;
  reset: () => void;
  verify: () => Promise<unknown>;
};

// Words of the widget, from our translations (keys of the ALTCHA i18n table).
const widgetKeys = [
  'ariaLinkLabel',
  'error',
  'expired',
  'footer',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
  'cancel',
  'enterCode',
  'enterCodeAria',
  'enterCodeFromImage',
  'getAudioChallenge',
] as const;

/**
 * The captcha of a form (SPEC §4, §8, §9): ALTCHA, checked by our own server, unless the site is
 * configured for a hosted provider. Solved: the token goes to the form and the control counts as
 * touched. Expired or failed: '' goes to the form, and the control says nothing itself; only the
 * form, on a submit without a solved check, shows `error`. Always in its light theme and normal
 * size, whatever the site's theme.
 */
export function Captcha(props: CaptchaProps) {
  const { site } = usePage();
  const config: CaptchaConfig = site.captcha ?? { provider: 'altcha', siteKey: '' };
  return config.provider === 'altcha' ? (
    <AltchaCaptcha {...props} />
  ) : (
    <HostedCaptcha {...props} config={config} />
  );
}

/** How far from the screen a captcha starts loading, so it is usually ready when reached. */
const nearScreen = '200px';

/**
 * Becomes true, once, when the visitor comes to the captcha in `frame`: focuses anything in its
 * form (or in the captcha itself, outside a form), ticks its stand-in box, or scrolls it to within
 * `nearScreen` of the screen, whichever comes first. Until then the captcha's code is neither
 * loaded nor run: running it is a long task on a phone, and most visitors never reach the form.
 * A captcha in view from the start waits for the observer's first answer, which comes after the
 * page's first paint and hydration. Without IntersectionObserver, focusing or ticking still loads it.
 */
function useReached(frame: RefObject<HTMLElement | null>): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (reached || !element) return;
    const scope = element.closest('form') ?? element;
    const reach = () => setReached(true);
    // Focus comes into the form; a click on the stand-in box ticks it without focusing it in some
    // browsers, hence its change too.
    scope.addEventListener('focusin', reach);
    element.addEventListener('change', reach);
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              // The first answer also covers what happened before the page ran: the stand-in box
              // ticked, or the visitor already in the form.
              const came =
                entries.some((entry) => entry.isIntersecting) ||
                scope.contains(document.activeElement) ||
                !!element.querySelector('input:checked');
              if (came) reach();
            },
            { rootMargin: nearScreen },
          );
    observer?.observe(element);
    return () => {
      scope.removeEventListener('focusin', reach);
      element.removeEventListener('change', reach);
      observer?.disconnect();
    };
  }, [frame, reached]);
  return reached;
}

function CaptchaFrame({
  error,
  errorId,
  ready = true,
  frameRef,
  children,
}: {
  error?: string;
  errorId: string;
  /** False while the widget's code loads (data-ready tells tests and tools). */
  ready?: boolean;
  frameRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation(formsNamespace);
  return (
    <div
      ref={frameRef}
      role="group"
      aria-label={t('captcha.label')}
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? 'true' : undefined}
      data-ready={ready}
      tabIndex={error ? -1 : undefined}
      className="captcha outline-none"
    >
      {children}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function AltchaCaptcha({ onChange, onTouched, error, errorId, disabled, resetKey }: CaptchaProps) {
  const { t, i18n } = useTranslation(formsNamespace);
  const frame = useRef<HTMLDivElement>(null);
  const reached = useReached(frame);
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<WidgetElement | null>(null);
  const standIn = useRef<HTMLInputElement>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ onChange, onTouched });
  useEffect(() => {
    latest.current = { onChange, onTouched };
  });

  // Load the widget's code only now, in the browser, once the visitor comes to the captcha.
  useEffect(() => {
    if (!reached) return;
    let cancelled = false;
    const container = host.current;
    void import('../../shared/form-kit/altcha-widget').then(
      ({ setWidgetStrings, challengeFetch }) => {
        if (cancelled || !container) return;
        const language = i18n.language;
        setWidgetStrings(
          language,
          Object.fromEntries(widgetKeys.map((key) => [key, t(`captcha.widget.${key}`)])),
        );
        const element = document.createElement('altcha-widget') as WidgetElement;
        let state = '';
        const onState = (event: Event) => {
          const detail = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail;
          state = detail?.state ?? state;
          if (detail?.state === 'verified' && detail.payload) {
            latest.current.onChange(detail.payload);
            latest.current.onTouched?.();
          } else if (
            detail?.state === 'expired' ||
            detail?.state === 'error' ||
            detail?.state === 'unverified'
          ) {
            latest.current.onChange('');
          }
        };
        element.addEventListener('statechange', onState);
        // A solved check stays solved. It solves itself when the visitor enters the form, and one
        // who then clicks its box, as people do, would otherwise untick it and start it again.
        element.addEventListener(
          'click',
          (event) => {
            const target = event.target;
            if (state !== 'verified' || !(target instanceof Element)) return;
            const box = target.closest('label')?.control ?? target;
            if (box instanceof HTMLInputElement && box.type === 'checkbox') event.preventDefault();
          },
          true,
        );
        // The element's methods exist once it has loaded, which happens when it is connected.
        element.addEventListener(
          'load',
          () => {
            void Promise.resolve(
              element.configure({
                challenge: withLanguage('/api/captcha/challenge', language),
                fetch: challengeFetch,
                language,
                // Not on focus yet: the hand-over below starts the check itself, once.
                auto: 'off',
                type: 'checkbox',
                display: 'standard',
                name: 'captcha',
              }),
            ).then(() => {
              if (cancelled) return;
              // The visitor may have ticked the stand-in box before the page or the widget's code
              // had loaded (the box works without scripts), or be in the form already, past the
              // focus that would have started it: either way, start solving now.
              const box = standIn.current;
              const ticked = !!box?.checked;
              const boxFocused = !!box && document.activeElement === box;
              const inForm = !!element.closest('form')?.contains(document.activeElement);
              setReady(true);
              // From here on the widget starts itself when the visitor enters the form. Not before
              // it is solving: its verify() marks it so only after a pause, and a second start in
              // that pause (such as the focus moved into it just below) aborts the first, whose
              // failure then lands after, or instead of, the success of the second.
              const solveOnFocus = () => void element.configure({ auto: 'onfocus' });
              if (boxFocused) element.querySelector<HTMLElement>('input[type="checkbox"]')?.focus();
              if (ticked || inForm) {
                element.addEventListener('statechange', solveOnFocus, { once: true });
                void element.verify();
              } else {
                solveOnFocus();
              }
            });
          },
          { once: true },
        );
        container.replaceChildren(element);
        widget.current = element;
      },
    );
    return () => {
      cancelled = true;
      widget.current = null;
      container?.replaceChildren();
    };
  }, [reached, i18n.language, t]);

  // A token is spent by the submit that carried it: start again on demand.
  useEffect(() => {
    if (!resetKey || !widget.current) return;
    widget.current.reset();
    latest.current.onChange('');
  }, [resetKey]);

  useEffect(() => {
    widget.current?.toggleAttribute('inert', !!disabled);
  }, [disabled, ready]);

  return (
    <CaptchaFrame error={error} errorId={errorId} ready={ready} frameRef={frame}>
      {!ready && (
        // Stands where the widget will be, from the server's page on: ticking it asks for the
        // check, which starts as soon as the widget is there. As tall and at most as wide as the
        // widget (70 × 320 px), so nothing moves when it takes over, by then usually in view.
        <label className="captcha-stand-in flex min-h-[4.375rem] max-w-80 cursor-pointer items-center gap-3 rounded-md border border-line-strong bg-white px-4 py-3 text-sm text-[#1f2937]">
          <input
            ref={standIn}
            type="checkbox"
            disabled={disabled}
            className="size-5 shrink-0 accent-brand"
          />
          <span className="flex-1">{t('captcha.widget.label')}</span>
          <span className="text-xs text-[#4b5563]">{t('captcha.loading')}</span>
        </label>
      )}
      {/* The widget's own element lives here, outside React's reach. */}
      <div ref={host} className="captcha-light" />
    </CaptchaFrame>
  );
}

const hostedScripts: Record<
  Exclude<CaptchaConfig['provider'], 'altcha'>,
  { src: string; global: string }
> = {
  recaptcha: {
    src: 'https://www.google.com/recaptcha/api.js?render=explicit',
    global: 'grecaptcha',
  },
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
};

type HostedApi = {
  render: (element: HTMLElement, options: Record<string, unknown>) => unknown;
  reset: (id?: unknown) => void;
};

/**
 * A hosted provider's widget (reCAPTCHA, Turnstile, hCaptcha): its script is loaded only when
 * the site is configured for it, on pages with a form that needs it, once the visitor comes to
 * the captcha (as for the ALTCHA widget's code). The site's Content-Security-Policy must then
 * allow the provider's script and frame origins (see README).
 * The three share one explicit-render API: render(element, {sitekey, theme, size, callback,
 * 'expired-callback', 'error-callback'}) and reset(id).
 */
function HostedCaptcha({
  config,
  onChange,
  onTouched,
  error,
  errorId,
  resetKey,
}: CaptchaProps & { config: CaptchaConfig }) {
  const frame = useRef<HTMLDivElement>(null);
  const reached = useReached(frame);
  const host = useRef<HTMLDivElement>(null);
  const api = useRef<{ api: HostedApi; id: unknown } | null>(null);
  const latest = useRef({ onChange, onTouched });
  useEffect(() => {
    latest.current = { onChange, onTouched };
  });

  useEffect(() => {
    if (!reached) return;
    const provider = config.provider as keyof typeof hostedScripts;
    const { src, global } = hostedScripts[provider];
    const container = host.current;
    const render = () => {
      const loaded = (window as unknown as Record<string, HostedApi | undefined>)[global];
      if (!loaded || !container) return;
      const cleared = () => latest.current.onChange('');
      const id = loaded.render(container, {
        sitekey: config.siteKey,
        theme: 'light',
        size: 'normal',
        callback: (token: string) => {
          latest.current.onChange(token);
          latest.current.onTouched?.();
        },
        'expired-callback': cleared,
        'error-callback': cleared,
      });
      api.current = { api: loaded, id };
    };
    let script = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.head.append(script);
    }
    script.addEventListener('load', render);
    if ((window as unknown as Record<string, unknown>)[global]) render();
    return () => script?.removeEventListener('load', render);
  }, [reached, config.provider, config.siteKey]);

  useEffect(() => {
    if (!resetKey || !api.current) return;
    api.current.api.reset(api.current.id);
    latest.current.onChange('');
  }, [resetKey]);

  return (
    <CaptchaFrame error={error} errorId={errorId} frameRef={frame}>
      <div ref={host} className="captcha-light min-h-[4.875rem]" />
    </CaptchaFrame>
  );
}
