import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { FormPanel } from './form-parts';
import { InquiryForm } from './inquiry-form';
import { ProposalForm } from './proposal-form';
import { formsNamespace } from '../../shared/i18n/i18n';
import { usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';

/** The two forms, in the order of their tabs; each one's id is its panel's and its hash. */
export const enquiryTabs = ['proposal', 'inquiry'] as const;
export type EnquiryTab = (typeof enquiryTabs)[number];

const isTab = (value: string): value is EnquiryTab =>
  (enquiryTabs as readonly string[]).includes(value);

const tabId = (tab: EnquiryTab) => `${tab}-tab`;

// The chosen tab lives in the address (#proposal, #inquiry), so it can be linked to, survives a
// reload and follows links within the page. A hash that names no tab keeps the last one.
let lastTab: EnquiryTab | null = null;
const listeners = new Set<() => void>();

/** The tab the address names: #proposal, #inquiry, or #proposal/<service route>. */
function tabOfHash(): EnquiryTab | null {
  const name = window.location.hash.slice(1).split('/')[0] ?? '';
  return isTab(name) ? name : null;
}

/**
 * Without a tab in the address, the tabs start on the form the visitor is in, or pointing at, as
 * they take over (they wait for the visitor: islands/registry.ts), else on the first.
 */
function tabArrivedAt(): EnquiryTab {
  const arrived = (tab: EnquiryTab) => {
    const panel = document.getElementById(tab);
    return !!panel && (panel.contains(document.activeElement) || panel.matches(':hover'));
  };
  return enquiryTabs.find(arrived) ?? enquiryTabs[0];
}

function currentTab(): EnquiryTab {
  return tabOfHash() ?? (lastTab ??= tabArrivedAt());
}

function subscribe(listener: () => void) {
  const onHashChange = () => {
    lastTab = currentTab();
    listener();
  };
  listeners.add(listener);
  window.addEventListener('hashchange', onHashChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('hashchange', onHashChange);
  };
}

/** Shows a tab and writes it into the address without adding to the history or scrolling. */
function selectTab(tab: EnquiryTab) {
  lastTab = tab;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}#${tab}`);
  for (const listener of listeners) listener();
}

/** The chosen tab in the browser; null on the server and while hydrating (both forms show). */
function useChosenTab(): EnquiryTab | null {
  return useSyncExternalStore<EnquiryTab | null>(subscribe, currentTab, () => null);
}

/**
 * The request for proposal and the general inquiry as tabs (WAI-ARIA APG tabs with automatic
 * activation). Rendered on the server, and without JavaScript, as two forms one after the other
 * with links to each; the tabs take over once the visitor comes to the forms and their code runs.
 */
export function EnquiryForms() {
  const { t } = useTranslation(formsNamespace);
  const { dir } = usePage();
  const chosen = useChosenTab();
  const ready = chosen !== null;
  const labels: Record<EnquiryTab, string> = {
    proposal: t('formsPage.proposalTab'),
    inquiry: t('formsPage.inquiryTab'),
  };

  // A visitor who arrives at #inquiry was scrolled to where that form stood before the tabs
  // took over; bring them back to the tabs, where it now is.
  const settled = useRef(false);
  useEffect(() => {
    if (!ready || settled.current) return;
    settled.current = true;
    if (tabOfHash()) document.getElementById('enquiry-forms')?.scrollIntoView?.();
  }, [ready]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!chosen) return;
    const index = enquiryTabs.indexOf(chosen);
    const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: number;
    switch (event.key) {
      case forward:
        next = (index + 1) % enquiryTabs.length;
        break;
      case backward:
        next = (index - 1 + enquiryTabs.length) % enquiryTabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = enquiryTabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const tab = enquiryTabs[next]!;
    selectTab(tab);
    document.getElementById(tabId(tab))?.focus();
  };

  const switchClass =
    'min-w-0 flex-1 rounded-md px-2 py-2.5 text-center text-sm font-semibold transition-colors sm:px-3 sm:text-base';
  const idleClass = 'text-ink-muted hover:bg-raised/60 hover:text-ink';
  const activeClass = 'bg-raised text-ink shadow-sm ring-1 ring-line';

  return (
    <div id="enquiry-forms" className="scroll-mt-24">
      {ready ? (
        <div
          role="tablist"
          aria-label={t('formsPage.tabsLabel')}
          onKeyDown={onKeyDown}
          className="flex gap-1 rounded-lg border border-line bg-surface p-1"
        >
          {enquiryTabs.map((tab) => {
            const selected = tab === chosen;
            return (
              <button
                key={tab}
                type="button"
                role="tab"
                id={tabId(tab)}
                aria-selected={selected}
                aria-controls={tab}
                tabIndex={selected ? 0 : -1}
                onClick={() => selectTab(tab)}
                className={`${switchClass} ${selected ? activeClass : idleClass}`}
              >
                {labels[tab]}
              </button>
            );
          })}
        </div>
      ) : (
        <nav
          aria-label={t('formsPage.tabsLabel')}
          className="flex gap-1 rounded-lg border border-line bg-surface p-1"
        >
          {enquiryTabs.map((tab) => (
            <a key={tab} href={`#${tab}`} className={`${switchClass} ${idleClass}`}>
              {labels[tab]}
            </a>
          ))}
        </nav>
      )}
      <div className="mt-6 space-y-10">
        {enquiryTabs.map((tab) => (
          <div
            key={tab}
            id={tab}
            role={ready ? 'tabpanel' : undefined}
            aria-labelledby={ready ? tabId(tab) : undefined}
            tabIndex={ready ? 0 : undefined}
            hidden={ready && tab !== chosen}
            className="scroll-mt-24 rounded-card"
          >
            <FormPanel id={`${tab}-form`} title={t(`${tab}.title`)} intro={t(`${tab}.intro`)}>
              {tab === 'proposal' ? <ProposalForm /> : <InquiryForm />}
            </FormPanel>
          </div>
        ))}
      </div>
    </div>
  );
}
