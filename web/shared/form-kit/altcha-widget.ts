// The ALTCHA widget, loaded only by forms that show a captcha. The "external" build injects no
// <style> element and creates no blob: worker, so the site's Content-Security-Policy (scripts
// and styles from 'self' only) holds: its stylesheet and its SHA worker are files of our build.
import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';

for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}

/** Gives the widget its words in the page's language, from the site's own translations. */
export function setWidgetStrings(language: string, strings: Record<string, string>): void {
  globalThis.$altcha.i18n.set(language, strings);
}

/**
 * Fetches challenges from our API and hands the widget the bare ALTCHA challenge inside our
 * envelope ({isSuccess, data: {provider, challenge}}).
 */
export const challengeFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!response.ok) return response;
  const body = (await response.json()) as { data?: { challenge?: unknown } };
  return new Response(JSON.stringify(body.data?.challenge ?? null), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
};
