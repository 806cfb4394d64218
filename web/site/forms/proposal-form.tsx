import { leadSourceHeaders } from './lead-source';
import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { post } from '../../shared/form-kit/api-client';
import type { FieldState } from '../../shared/form-kit/use-form';
import type { Problem } from '../../shared/form-kit/validation';
import { checkDate, parseLocalDate, todayIso } from './date-field';
import { DateField } from './date-picker';
import { FieldError, SelectField, TextArea, TextField } from '../../shared/ui/form-controls';
import { ChevronDownIcon } from '../../shared/ui/icons';
import { formsNamespace } from '../../shared/i18n/i18n';
import { useNavLabel, usePage } from '../pages/page-context';
import type { MenuItem } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import { FormDone, PersonFields, SiteFormFrame } from './form-parts';
import {
  checkChoice,
  checkConsent,
  checkEmail,
  checkFullName,
  checkLine,
  checkPhoneNumber,
  checkText,
  formLimits,
} from './rules';
import { useSiteForm } from './use-site-form';
import { useBrowserValue } from '../islands/browser-value';
import { proposalTargetId } from '../routing/routes';

/** Company sizes the server accepts, and the key of each one's label under `proposal.sizes`. */
export const companySizes = [
  { value: '1-49', key: 'upTo49' },
  { value: '50-249', key: 'upTo249' },
  { value: '250-999', key: 'upTo999' },
  { value: '1000-4999', key: 'upTo4999' },
  { value: '5000+', key: 'from5000' },
] as const;

/** Timelines the server accepts, and the key of each one's label under `proposal.timelines`. */
export const timelines = [
  { value: 'asap', key: 'asap' },
  { value: '1-3-months', key: 'months1to3' },
  { value: '3-6-months', key: 'months3to6' },
  { value: '6-12-months', key: 'months6to12' },
  { value: 'exploring', key: 'exploring' },
] as const;

/** At most this many services in one request (api/forms/validate.go maxServices). */
export const maxServices = 30;

export type ServiceChoice = { route: string; label: string };
export type ServiceGroup = { key: string; label: string; choices: ServiceChoice[] };

/** The menus whose pages can be asked for (api/forms/endpoints.go isService). */
const serviceMenus = ['services', 'compliance'];
const isServiceRoute = (route: string | undefined): route is string =>
  !!route && (route.startsWith('/services/') || route.startsWith('/compliance/'));

/**
 * The services a request can name, in families: each landing page with children is a group
 * whose own page ("not sure which yet") comes last; pages straight under a menu without
 * children of their own (outsourcing, CSA STAR) share a last group.
 */
export function serviceGroups(
  nav: MenuItem[],
  label: (item: MenuItem) => string,
  names: { general: string; other: string },
): ServiceGroup[] {
  const groups: ServiceGroup[] = [];
  const loose: ServiceChoice[] = [];
  for (const menu of nav.filter((item) => serviceMenus.includes(item.translationKey))) {
    for (const item of menu.children ?? []) {
      if (item.children && item.children.length > 0) {
        const pages = item.children.filter((child) => isServiceRoute(child.route));
        const overview = pages.filter((child) => child.translationKey === 'overview');
        const choices = [
          ...pages.filter((child) => child.translationKey !== 'overview'),
          ...overview,
        ].map((child) => ({
          route: child.route!,
          label: child.translationKey === 'overview' ? names.general : label(child),
        }));
        if (choices.length > 0)
          groups.push({ key: item.translationKey, label: label(item), choices });
      } else if (isServiceRoute(item.route)) {
        loose.push({ route: item.route, label: label(item) });
      }
    }
  }
  if (loose.length > 0) groups.push({ key: 'other', label: names.other, choices: loose });
  return groups;
}

/** The service a link chose in advance: the route after #proposal (routes.ts proposalRoute). */
function serviceInAddress(): string | null {
  let hash: string;
  try {
    hash = decodeURI(window.location.hash.slice(1));
  } catch {
    return null;
  }
  return hash.startsWith('proposal/') ? hash.slice('proposal'.length) : null;
}

/** The chosen services are kept as one string of routes separated by spaces. */
const routesOf = (value: string) => value.split(' ').filter(Boolean);

function checkServices(value: string): Problem | null {
  const count = routesOf(value).length;
  if (count === 0) return { key: 'servicesRequired' };
  if (count > maxServices) return { key: 'servicesTooMany', params: { max: maxServices } };
  return null;
}

/** A request for proposal (POST /api/forms/proposal), read by the marketing team. */
export function ProposalForm() {
  const { t } = useTranslation(formsNamespace);
  const { locale, nav } = usePage();
  const navLabel = useNavLabel();
  const groups = serviceGroups(nav, navLabel, {
    general: t('proposal.services.general'),
    other: t('proposal.services.other'),
  });
  const allRoutes = groups.flatMap((group) => group.choices.map((choice) => choice.route));
  // A link from a service's page (/forms#proposal/<route>) chooses it in advance.
  const wanted = useBrowserValue(serviceInAddress);
  // Groups the visitor opened or closed; the others start open when they are the first or hold
  // the service chosen in advance.
  const [toggled, setToggled] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const isOpen = (group: ServiceGroup) =>
    toggled.get(group.key) ??
    (group === groups[0] || group.choices.some((choice) => choice.route === wanted));
  const setOpen = (key: string, open: boolean) =>
    setToggled((current) =>
      current.get(key) === open ? current : new Map(current).set(key, open),
    );

  const { form, captcha, done, doneId, onSubmit, user } = useSiteForm({
    initial: {
      name: '',
      email: '',
      phone: '',
      company: '',
      country: '',
      companySize: '',
      timeline: '',
      services: '',
      preferredStart: '',
      message: '',
      consent: false,
    },
    validate: (v) => ({
      name: checkFullName(v.name),
      email: checkEmail(v.email),
      phone: checkPhoneNumber(v.phone, true),
      company: checkLine(v.company, formLimits.line, true),
      country: checkLine(v.country, formLimits.line, true),
      companySize: checkChoice(
        v.companySize,
        companySizes.map((size) => size.value),
      ),
      timeline: checkChoice(
        v.timeline,
        timelines.map((timeline) => timeline.value),
      ),
      services: checkServices(v.services),
      preferredStart: checkDate(v.preferredStart, locale, todayIso()),
      message: checkText(v.message, formLimits.message),
      consent: checkConsent(v.consent),
    }),
    prefill: (who) => ({ name: who.fullName, email: who.email, phone: who.phoneNumber }),
  });

  // The service chosen in advance is ticked once the page runs in the browser.
  const { setValue } = form;
  const choose = useEffectEvent((route: string) => {
    const chosen = routesOf(form.values.services);
    if (allRoutes.includes(route) && !chosen.includes(route)) {
      setValue('services', [...chosen, route].join(' '));
    }
  });
  useEffect(() => {
    if (wanted) choose(wanted);
  }, [wanted]);

  if (done) {
    return (
      <FormDone
        id={doneId}
        title={t('proposal.doneTitle')}
        message={done.message || t('proposal.done')}
      />
    );
  }

  const submit = onSubmit((values, token) =>
    post(
      '/forms/proposal',
      {
        ...values,
        services: routesOf(values.services),
        preferredStart: values.preferredStart
          ? (parseLocalDate(values.preferredStart, locale) ?? '')
          : '',
        captcha: token,
      },
      leadSourceHeaders(),
    ),
  );

  // The first box of the chooser takes focus when it is the first field at fault: its group
  // must be open by then.
  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    const first = groups[0];
    if (form.problems.services && first) flushSync(() => setOpen(first.key, true));
    return submit(event);
  };

  const toggleService = (route: string, chosen: boolean) => {
    const current = new Set(routesOf(form.values.services));
    if (chosen) current.add(route);
    else current.delete(route);
    // In the chooser's order, which is also the order the inbox lists them in.
    setValue('services', allRoutes.filter((candidate) => current.has(candidate)).join(' '));
  };

  return (
    <SiteFormFrame
      form={form}
      captcha={captcha}
      user={user}
      onSubmit={onFormSubmit}
      submitLabel={t('proposal.submit')}
    >
      <PersonFields form={form} phone="required" company="required">
        <TextField
          label={t('proposal.country')}
          state={form.field('country')}
          {...form.input('country')}
          autoComplete="country-name"
          maxLength={formLimits.line}
          required
        />
        <SelectField
          label={t('proposal.companySize')}
          state={form.field('companySize')}
          {...form.input('companySize')}
          placeholder={t('proposal.choose')}
          options={companySizes.map((size) => ({
            value: size.value,
            label: t(`proposal.sizes.${size.key}`),
          }))}
          required
        />
      </PersonFields>
      <ServiceChooser
        groups={groups}
        chosen={routesOf(form.values.services)}
        state={form.field('services')}
        isOpen={isOpen}
        onOpen={setOpen}
        onToggle={toggleService}
        onLeave={() => form.touch('services')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('proposal.timeline')}
          state={form.field('timeline')}
          {...form.input('timeline')}
          placeholder={t('proposal.choose')}
          options={timelines.map((timeline) => ({
            value: timeline.value,
            label: t(`proposal.timelines.${timeline.key}`),
          }))}
          required
        />
        <DateField
          label={t('proposal.preferredStart')}
          state={form.field('preferredStart')}
          value={form.values.preferredStart}
          onChange={(text) => setValue('preferredStart', text)}
          onBlur={() => form.touch('preferredStart')}
          min={todayIso()}
        />
      </div>
      <TextArea
        label={t('proposal.message')}
        state={form.field('message')}
        {...form.input('message')}
        hint={t('proposal.messageHint')}
        maxLength={formLimits.message}
        required
      />
    </SiteFormFrame>
  );
}

type ChooserProps = {
  groups: ServiceGroup[];
  chosen: string[];
  state: FieldState;
  isOpen: (group: ServiceGroup) => boolean;
  onOpen: (key: string, open: boolean) => void;
  onToggle: (route: string, chosen: boolean) => void;
  /** Focus left the chooser: it counts as touched. */
  onLeave: () => void;
};

/**
 * Services and standards as checkboxes in collapsible families, each saying how many of its
 * services are chosen, with a running count for the whole list. Its error sits under it all.
 */
function ServiceChooser({
  groups,
  chosen,
  state,
  isOpen,
  onOpen,
  onToggle,
  onLeave,
}: ChooserProps) {
  const { t } = useTranslation(formsNamespace);
  const hintId = `${state.id}-hint`;
  const countId = `${state.id}-count`;
  const picked = new Set(chosen);
  const firstRoute = groups[0]?.choices[0]?.route;
  return (
    <fieldset
      aria-describedby={[hintId, state.error ? state.errorId : ''].filter(Boolean).join(' ')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave();
      }}
      className="min-w-0"
    >
      <legend className="text-sm font-semibold text-ink">
        {t('proposal.services.legend')}
        <span aria-hidden="true" className="ms-0.5 text-danger">
          *
        </span>
      </legend>
      <p id={hintId} className="mt-1 text-sm text-ink-muted">
        {t('proposal.services.hint')}
      </p>
      <div
        className={`mt-3 divide-y divide-line overflow-hidden rounded-md border ${state.invalid ? 'border-danger' : 'border-line-strong'}`}
      >
        {groups.map((group) => {
          const count = group.choices.filter((choice) => picked.has(choice.route)).length;
          const legendId = `${state.id}-${group.key}`;
          return (
            <details
              key={group.key}
              open={isOpen(group)}
              onToggle={(event) => onOpen(group.key, event.currentTarget.open)}
              className="group"
            >
              <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 text-ink hover:bg-surface [&::-webkit-details-marker]:hidden">
                <span className="min-w-0 flex-1 font-semibold">{group.label}</span>
                {count > 0 && (
                  <span className="shrink-0 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-semibold text-accent tabular-nums">
                    {t('proposal.services.groupCount', { count })}
                  </span>
                )}
                <ChevronDownIcon className="size-5 shrink-0 text-ink-muted transition-transform group-open:rotate-180 motion-reduce:transition-none" />
              </summary>
              <fieldset className="min-w-0 px-4 pt-1 pb-4">
                <legend className="sr-only">{group.label}</legend>
                <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
                  {group.choices.map((choice, index) => {
                    const id = `${legendId}-${index}`;
                    const isFirst = choice.route === firstRoute;
                    return (
                      <div
                        key={choice.route}
                        // The target of a link that chose this service (/forms#proposal/<route>):
                        // without scripts the browser opens the form here, its family unfolded.
                        id={proposalTargetId(choice.route)}
                        className="flex scroll-mt-32 items-start gap-2.5"
                      >
                        <input
                          id={id}
                          type="checkbox"
                          name="services"
                          value={choice.route}
                          checked={picked.has(choice.route)}
                          onChange={(event) => onToggle(choice.route, event.currentTarget.checked)}
                          data-invalid={isFirst && state.invalid ? 'true' : undefined}
                          aria-describedby={isFirst && state.error ? state.errorId : undefined}
                          className="mt-0.5 size-5 shrink-0 rounded border-line-strong accent-brand"
                        />
                        <label htmlFor={id} className="text-sm leading-snug text-ink">
                          {choice.label}
                        </label>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            </details>
          );
        })}
      </div>
      <p id={countId} aria-live="polite" className="mt-2 text-sm text-ink-muted tabular-nums">
        {t('proposal.services.chosen', { count: chosen.length })}
      </p>
      <FieldError state={state} />
    </fieldset>
  );
}
