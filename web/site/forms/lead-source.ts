// Where a visit came from, kept for its tab until a form is sent: the page the visit began on, the
// site that linked to it (domain only) and the campaign its address named. Kept in the tab's
// session storage, never a cookie; nothing is kept for a browser that asks not to be tracked. The
// form sends it with the page it was sent from, in the Lead-Source header the server reads.

/** The session storage entry: a query string (landing, referrer, utm_source, utm_medium, utm_campaign). */
export const leadSourceKey = 'lead-source';

/**
 * Runs in <head> on every page and records the visit's start once per tab. Plain ES5, inlined
 * verbatim and allowed by its CSP hash.
 */
export const leadSourceScript =
  '(function(){try{var s=sessionStorage,k="' +
  leadSourceKey +
  '",n=navigator,l=location;if(s.getItem(k)!==null||n.globalPrivacyControl||n.doNotTrack==="1")return;' +
  'var o="landing="+encodeURIComponent(l.pathname),r="",a=l.search.substring(1).split("&"),i,p;' +
  'for(i=0;i<a.length;i++){p=a[i].split("=");if(/^utm_(source|medium|campaign)$/.test(p[0]))o+="&"+p[0]+"="+(p[1]||"")}' +
  'var m=/^https?:\\/\\/([^\\/?#:]+)/.exec(document.referrer);if(m&&m[1]!==l.hostname)r=m[1];' +
  'o+="&referrer="+encodeURIComponent(r);s.setItem(k,o)}catch(e){}})();';

/** The header a form is sent with: the visit's start and the page the form is on; none if not kept. */
export function leadSourceHeaders(): Record<string, string> {
  try {
    const kept = sessionStorage.getItem(leadSourceKey);
    if (kept === null) return {};
    return { 'Lead-Source': `${kept}&from=${encodeURIComponent(location.pathname)}` };
  } catch {
    return {};
  }
}

/** Forgets the visit's start once its form is sent. */
export function forgetLeadSource(): void {
  try {
    sessionStorage.removeItem(leadSourceKey);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
