import {
  del,
  get,
  post,
  put,
  toResult,
  withLanguage,
  type ApiResult,
} from '../shared/form-kit/api-client';

/** The back-office API, under /api/admin. */
export type Permission =
  | 'staff'
  | 'audit'
  | 'content.read'
  | 'content.edit'
  | 'content.translate'
  | 'applications'
  | 'leads'
  | 'visitors'
  | 'erasure';

export type StaffMember = {
  id: string;
  email: string;
  name: string;
  role: string;
  languages: string[];
  office: string;
  disabled: boolean;
  createdAt: string;
};

/** A staff member as the staff list shows them, with the kinds of second factor they set up. */
export type ListedStaffMember = StaffMember & { secondFactors: ('passkey' | 'totp')[] };

export type Session = {
  stage: 'password' | 'enrol' | 'full';
  staff: StaffMember;
  permissions: Permission[];
  factors: { passkeys: number; totp: boolean; recoveryCodesLeft: number };
  fresh: boolean;
};

export type Enrolled = { session: Session; recoveryCodes: string[] | null };

export type AuditEvent = {
  id: number;
  at: string;
  actorId: string;
  action: string;
  item: string;
  detail: string;
  ip: string;
};

export type Factors = {
  passkeys: { id: string; createdAt: string; lastUsedAt: string | null }[];
  totp: boolean;
  recoveryCodesLeft: number;
  passkeysOff: boolean;
};

export type InboxItem = {
  id: number;
  kind: string;
  target: string;
  locale: string;
  createdAt: string;
  status: string;
  assignee: string;
  name: string;
  email: string;
  company: string;
  summary: string;
  /** When the personal fields were erased, by retention or on request; null while kept. */
  erasedAt: string | null;
};

export type Person = { id: string; name: string };

export type InboxPage = {
  items: InboxItem[];
  total: number;
  page: number;
  pageSize: number;
  kinds: string[];
  offices: string[];
  statuses: string[];
  languages: string[];
  staff: Person[];
};

export type InboxNote = {
  id: number;
  kind: 'note' | 'reply';
  authorId: string;
  author: string;
  body: string;
  at: string;
};

/** Submissions per week (oldest first) by form and office, and open items by status. */
export type InboxDashboard = {
  weeks: string[];
  series: { kind: string; office?: string; counts: number[]; total: number }[];
  open: { status: string; count: number }[];
};

export type InboxDetail = {
  item: InboxItem;
  fields: Record<string, unknown>;
  /** The names of the pages a proposal chose, by route. */
  pageNames: Record<string, string>;
  notes: InboxNote[];
  statuses: string[];
  staff: Person[];
  cv: '' | 'stored' | 'deleted';
  canOpenCV: boolean;
};

export type VisitorItem = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  confirmed: boolean;
  disabled: boolean;
};

export type VisitorPage = { items: VisitorItem[]; total: number; page: number; pageSize: number };

export type VisitorDetail = VisitorItem & {
  locale: string;
  confirmedAt: string | null;
  disabledAt: string | null;
  recoveryPausedUntil: string | null;
  captchaUntil: string | null;
  sessions: { device: string; createdAt: string; lastSeenAt: string }[];
};

/** One field of a collection item's shape, as the server checks it. */
export type FieldSpec = {
  name: string;
  kind:
    | 'text'
    | 'texts'
    | 'date'
    | 'dateTime'
    | 'count'
    | 'enum'
    | 'object'
    | 'objects'
    | 'routes'
    | 'routeTexts'
    | 'image'
    | 'markup'
    | 'prose'
    | 'rating'
    | 'affix'
    | 'cover';
  optional?: boolean;
  values?: string[];
  fields?: FieldSpec[];
};

/** The state of one language of an item; `missing` when it has no text in that language. */
export type ContentState = 'draft' | 'scheduled' | 'published' | 'unpublished' | 'missing';

/** A publication or unpublication planned for a time, kept in UTC with the zone it was chosen in. */
export type ContentSchedule = {
  action: 'publish' | 'unpublish';
  version: number;
  at: string;
  timeZone: string;
  by: Person;
};

export type ContentVersion = {
  id: number;
  author: Person;
  createdAt: string;
  body?: Record<string, unknown>;
};

export type ContentLanguage = {
  state: ContentState;
  live: Record<string, unknown> | null;
  latest: ContentVersion | null;
  published: number;
  updatedAt: string | null;
  /** Set while the language is live and the English was published with changes after it. */
  outdated: ContentOutdated | null;
  schedule: ContentSchedule | null;
};

/** What changed in the English since a translation was last published. */
export type ContentOutdated = {
  since: string;
  englishBefore: Record<string, unknown>;
  englishNow: Record<string, unknown>;
  /** The fields whose English differs. */
  fields: string[];
};

export type ContentItem = {
  collection: string;
  slug: string;
  languages: Record<string, ContentLanguage>;
  order: string[];
  writable: string[];
};

export type ContentList = {
  collection: string;
  collections: string[];
  languages: string[];
  items: {
    slug: string;
    title: string;
    languages: Record<string, ContentState>;
    /** The languages live there that the English changed under. */
    outdated: string[];
  }[];
  /** Per language: items not live in it, and items live but outdated. */
  counts: Record<string, { missing: number; outdated: number }>;
};

/** What a refused save answers: the version saved meanwhile, and by whom. */
export type ContentConflict = { conflict: true; current: ContentVersion | null };

/** The collection pages are edited under, with their route as the slug. */
export const pagesCollection = 'pages';

/**
 * An item's API address; a page's route holds slashes, so its item segment is `page` and the
 * route travels in the query.
 */
const contentPath = (collection: string, slug: string, locale?: string, rest = '') =>
  collection === pagesCollection
    ? `/admin/content/pages/page${locale ? `/${encodeURIComponent(locale)}` : ''}${rest}?route=${encodeURIComponent(slug)}`
    : `/admin/content/${encodeURIComponent(collection)}/${encodeURIComponent(slug)}${
        locale ? `/${encodeURIComponent(locale)}` : ''
      }${rest}`;

/** The firm's settings as their form takes them, with staff's latest save (null for none). */
export type SiteSettings = {
  fields: FieldSpec[];
  body: Record<string, unknown>;
  revision: { id: number; author: Person; createdAt: string } | null;
};

const visitorPath = (id: string, rest = '') => `/admin/visitors/${encodeURIComponent(id)}${rest}`;

/** Everything the site holds about an e-mail address, as the privacy screen lists it. */
export type Held = {
  account: {
    createdAt: string;
    confirmed: boolean;
    sessions: number;
    registrations: number;
    picture: boolean;
  } | null;
  submissions: { id: number; kind: string; target: string; createdAt: string; cv: boolean }[];
  mail: { id: number; kind: string; createdAt: string; attempts: number }[];
  /** Messages in the development outbox; absent in production. */
  outbox?: number;
};

/** How much an erasure erased, by what it was. */
export type Erased = {
  account: number;
  sessions: number;
  registrations: number;
  submissions: number;
  cvs: number;
  mail: number;
  outbox: number;
};

export const adminApi = {
  session: () => get<Session>('/admin/session'),
  login: (email: string, password: string, enrolToken?: string) =>
    post<Session>(
      '/admin/login',
      enrolToken ? { email, password, enrolToken } : { email, password },
    ),
  logout: () => post<null>('/admin/logout', {}),
  confirmCode: (code: string) => post<Session>('/admin/factor/code', { code }),
  invitation: (token: string) =>
    post<{ email: string; role: string; languages: string[]; office: string }>(
      '/admin/invitation',
      {
        token,
      },
    ),
  join: (body: { token: string; name: string; password: string; confirmPassword: string }) =>
    post<Session>('/admin/join', body),
  totpOptions: () => post<{ secret: string; uri: string }>('/admin/enrol/totp/options', {}),
  enrolTotp: (code: string) => post<Enrolled>('/admin/enrol/totp', { code }),
  staff: () =>
    get<{
      staff: ListedStaffMember[];
      roles: string[];
      offices: string[];
      languages: string[];
    }>('/admin/staff'),
  invite: (body: { email: string; role: string; languages: string[]; office: string }) =>
    post<{ link: string; expiresAt: string }>('/admin/staff/invitations', body),
  changeRole: (id: string, body: { role: string; languages: string[]; office: string }) =>
    put<null>(`/admin/staff/${encodeURIComponent(id)}/role`, body),
  setDisabled: (id: string, disabled: boolean) =>
    post<null>(`/admin/staff/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`, {}),
  resetFactor: (id: string) =>
    post<{ email: string; expiresAt: string }>(
      `/admin/staff/${encodeURIComponent(id)}/second-factor/reset`,
      {},
    ),
  factors: () => get<Factors>('/admin/factors'),
  removePasskey: (id: string) => del<Session>('/admin/factors/passkeys', id),
  removeTotp: () => del<Session>('/admin/factors/totp'),
  renewRecoveryCodes: () => post<Enrolled>('/admin/factors/recovery-codes', {}),
  audit: (query: string) =>
    get<{ events: AuditEvent[]; next: number; actions: string[] }>(`/admin/audit?${query}`),
  inbox: (query: string) => get<InboxPage>(`/admin/inbox?${query}`),
  inboxCount: () => get<{ new: number; latest: number }>('/admin/inbox/count'),
  inboxItem: (id: string) => get<InboxDetail>(`/admin/inbox/${encodeURIComponent(id)}`),
  setStatus: (id: number, status: string) =>
    put<{ status: string }>(`/admin/inbox/${id}/status`, { status }),
  setAssignee: (id: number, assignee: string) =>
    put<{ assignee: string }>(`/admin/inbox/${id}/assignee`, { assignee }),
  addNote: (id: number, body: string) => post<InboxNote>(`/admin/inbox/${id}/notes`, { body }),
  inboxDashboard: () => get<InboxDashboard>('/admin/inbox/dashboard'),
  reply: (id: number, body: string) => post<InboxNote>(`/admin/inbox/${id}/replies`, { body }),
  cvLink: (id: number) =>
    post<{ url: string; expiresAt: string }>(`/admin/inbox/${id}/cv-link`, {}),
  visitors: (query: string) => get<VisitorPage>(`/admin/visitors?${query}`),
  visitor: (id: string) => get<VisitorDetail>(visitorPath(id)),
  resendConfirmation: (id: string) => post<null>(visitorPath(id, '/confirmation'), {}),
  endVisitorSessions: (id: string) => del<{ ended: number }>(visitorPath(id, '/sessions')),
  setVisitorDisabled: (id: string, disabled: boolean) =>
    post<null>(visitorPath(id, disabled ? '/disable' : '/enable'), {}),
  deleteVisitor: (id: string) => del<null>(visitorPath(id)),
  held: (email: string) => get<Held>(`/admin/erasure?email=${encodeURIComponent(email)}`),
  erase: (email: string) => post<Erased>('/admin/erasure', { email }),
  contentSchema: (collection: string, slug = '') =>
    get<{ collection: string; fields: FieldSpec[] }>(
      `/admin/content/schema/${encodeURIComponent(collection)}${
        collection === pagesCollection ? `?route=${encodeURIComponent(slug)}` : ''
      }`,
    ),
  createItem: (collection: string, slug: string, body: Record<string, unknown>) =>
    post<{ slug: string }>(`/admin/content/${encodeURIComponent(collection)}`, { slug, body }),
  unpublishItem: (collection: string, slug: string) =>
    post<null>(contentPath(collection, slug, undefined, '/unpublish'), {}),
  renameItem: (collection: string, slug: string, next: string) =>
    put<{ slug: string }>(contentPath(collection, slug, undefined, '/slug'), { slug: next }),
  deleteItem: (collection: string, slug: string) => del<null>(contentPath(collection, slug)),
  settings: () => get<SiteSettings>('/admin/settings'),
  saveSettings: (base: number, body: Record<string, unknown>) =>
    put<{ revision: NonNullable<SiteSettings['revision']> }>('/admin/settings', { base, body }),
  contentList: (collection: string) =>
    get<ContentList>(`/admin/content/${encodeURIComponent(collection)}`),
  contentItem: (collection: string, slug: string) =>
    get<ContentItem>(contentPath(collection, slug)),
  saveContent: (
    collection: string,
    slug: string,
    locale: string,
    base: number,
    body: Record<string, unknown>,
  ) => put<ContentVersion>(contentPath(collection, slug, locale), { base, body }),
  publishContent: (collection: string, slug: string, locale: string, version: number) =>
    post<null>(contentPath(collection, slug, locale, '/publish'), { version }),
  unpublishContent: (collection: string, slug: string, locale: string) =>
    post<null>(contentPath(collection, slug, locale, '/unpublish'), {}),
  scheduleContent: (
    collection: string,
    slug: string,
    locale: string,
    plan: { action: 'publish' | 'unpublish'; version: number; at: string; timeZone: string },
  ) => post<ContentSchedule>(contentPath(collection, slug, locale, '/schedule'), plan),
  cancelSchedule: (collection: string, slug: string, locale: string) =>
    del<null>(contentPath(collection, slug, locale, '/schedule')),
  contentVersions: (collection: string, slug: string, locale: string) =>
    get<{ versions: ContentVersion[] }>(contentPath(collection, slug, locale, '/versions')),
  contentVersion: (collection: string, slug: string, locale: string, version: number) =>
    get<ContentVersion>(contentPath(collection, slug, locale, `/versions/${version}`)),
  restoreContent: (
    collection: string,
    slug: string,
    locale: string,
    version: number,
    base: number,
  ) => post<ContentVersion>(contentPath(collection, slug, locale, '/restore'), { version, base }),
};

/**
 * Fetches the inbox's CSV export of a filter: the file on success, else the API's refusal (a
 * 403 asking for the second factor again among them).
 */
export const exportInbox = (query: string) => exportCsv('/api/admin/inbox/export', query);

/** Fetches the audit trail's CSV export of a filter, as exportInbox does the inbox's. */
export const exportAudit = (query: string) => exportCsv('/api/admin/audit/export', query);

async function exportCsv(path: string, query: string): Promise<ApiResult<Blob>> {
  let response: Response;
  try {
    response = await fetch(withLanguage(`${path}?${query}`), {
      credentials: 'same-origin',
      headers: { Accept: 'text/csv, application/json' },
    });
  } catch {
    return { ok: false, status: 0, data: null, message: '', errors: {} };
  }
  if (response.ok && response.headers.get('Content-Type')?.startsWith('text/csv')) {
    return {
      ok: true,
      status: response.status,
      data: await response.blob(),
      message: '',
      errors: {},
    };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: the status speaks.
  }
  return toResult<Blob>(response.status, body, response.headers.get('Retry-After'));
}

/** Has the browser save what `href` points to (a blob: or a same-site attachment). */
export function saveFile(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Whether a refusal asks for the second factor again before the action. */
export function needsStepUp(result: ApiResult<unknown>): boolean {
  const data = result.data as { stepUpRequired?: boolean } | null;
  return result.status === 403 && data?.stepUpRequired === true;
}

type Json = Record<string, unknown>;

async function sendCredential<T>(
  path: string,
  credential: Credential | null,
): Promise<ApiResult<T>> {
  if (!credential) throw new DOMException('no credential', 'NotAllowedError');
  const json = (credential as PublicKeyCredential).toJSON();
  return post<T>(path, json);
}

/** Registers a passkey on this device for the signed-in staff member. */
export async function createPasskey(): Promise<ApiResult<Enrolled>> {
  const options = await post<Json>('/admin/enrol/passkey/options', {});
  if (!options.ok || !options.data) return options as ApiResult<never>;
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(
    options.data as unknown as PublicKeyCredentialCreationOptionsJSON,
  );
  const credential = await navigator.credentials.create({ publicKey });
  return sendCredential<Enrolled>('/admin/enrol/passkey', credential);
}

/** Proves the second factor with one of the staff member's passkeys. */
export async function provePasskey(): Promise<ApiResult<Session>> {
  const options = await post<Json>('/admin/factor/passkey/options', {});
  if (!options.ok || !options.data) return options as ApiResult<never>;
  const publicKey = PublicKeyCredential.parseRequestOptionsFromJSON(
    options.data as unknown as PublicKeyCredentialRequestOptionsJSON,
  );
  const credential = await navigator.credentials.get({ publicKey });
  return sendCredential<Session>('/admin/factor/passkey', credential);
}

/** Whether this browser can use passkeys here. */
export function passkeysAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof PublicKeyCredential !== 'undefined' &&
    typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function'
  );
}
