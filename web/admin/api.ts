import {
  del,
  get,
  post,
  put,
  toResult,
  withLanguage,
  apiBase,
  type ApiResult,
} from '../shared/form-kit/api-client';
import type {
  AnalyticsReport,
  AuditEvent,
  AuditPage,
  BulkResult,
  ContentBulkRequest,
  ContentBulkView,
  ContentConflict,
  ContentFind,
  ContentItem,
  ContentLanguage,
  ContentList,
  ContentOutdated,
  ContentPresence,
  ContentSchedule,
  ContentSchema,
  ContentState,
  ContentVersion,
  ContentVersions,
  ContentReview,
  ReviewStep,
  CreatedItem,
  CreatedPage,
  PageKindChoice,
  PageParentChoice,
  CVLink,
  EndedSessions,
  Enrolled,
  Erased,
  Factors,
  FieldSpec,
  Held,
  FoundItem,
  InboxAssigneeChange,
  InboxBulkRequest,
  InboxBulkView,
  InboxCounts,
  InboxDashboard,
  InboxDetail,
  InboxItem,
  InboxNote,
  InboxPage,
  InboxStatusChange,
  Invitation,
  InvitationLink,
  MediaEdit,
  MediaFile,
  MediaItem,
  MediaList,
  MediaUse,
  ItemKey,
  LeadSource,
  JoinRequest,
  ListedStaffMember,
  Notice,
  NoticeCount,
  NoticeDelivery,
  NoticeKind,
  NoticeList,
  NoticeSettings,
  NoticeSettingsRequest,
  PasswordResetRequest,
  ReviewRules,
  PendingInvitation,
  PresenceRequest,
  PresentEditor,
  Permission,
  Person,
  Redirect,
  RedirectImport,
  RedirectImportLine,
  RedirectList,
  SavedSettings,
  ScheduleRequest,
  Session,
  SiteSettings,
  StaffList,
  StaffMember,
  StaffRoleRequest,
  TotpOptions,
  VisitorBulkRequest,
  VisitorBulkView,
  VisitorDetail,
  VisitorItem,
  VisitorPage,
  Work,
  WorkItem,
} from '../shared/api/types.gen';

/** The back-office API's shapes, generated from the Go types that encode them. */
export type {
  PageKindChoice,
  PageParentChoice,
  MediaEdit,
  MediaFile,
  MediaItem,
  MediaList,
  MediaUse,
  AnalyticsReport,
  InvitationLink,
  PendingInvitation,
  PresenceRequest,
  PresentEditor,
  AuditEvent,
  BulkResult,
  ContentBulkView,
  ContentConflict,
  ContentFind,
  ContentItem,
  ContentLanguage,
  ContentList,
  ContentOutdated,
  ContentPresence,
  ContentSchedule,
  ContentState,
  ContentVersion,
  ContentReview,
  ReviewStep,
  ReviewRules,
  Enrolled,
  Erased,
  Factors,
  FieldSpec,
  FoundItem,
  Held,
  InboxBulkView,
  InboxDashboard,
  InboxDetail,
  InboxItem,
  InboxNote,
  InboxPage,
  LeadSource,
  ListedStaffMember,
  Notice,
  NoticeDelivery,
  NoticeKind,
  NoticeList,
  NoticeSettings,
  Permission,
  Person,
  Redirect,
  RedirectImport,
  RedirectImportLine,
  RedirectList,
  Session,
  SiteSettings,
  StaffMember,
  VisitorDetail,
  VisitorItem,
  VisitorPage,
  Work,
  WorkItem,
};

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

const visitorPath = (id: string, rest = '') => `/admin/visitors/${encodeURIComponent(id)}${rest}`;

export const adminApi = {
  session: () => get<Session>('/admin/session'),
  login: (email: string, password: string, enrolToken?: string) =>
    post<Session>(
      '/admin/login',
      enrolToken ? { email, password, enrolToken } : { email, password },
    ),
  logout: () => post<null>('/admin/logout', {}),
  confirmCode: (code: string) => post<Session>('/admin/factor/code', { code }),
  invitation: (token: string) => post<Invitation>('/admin/invitation', { token }),
  join: (body: JoinRequest) => post<Session>('/admin/join', body),
  forgotPassword: (email: string) => post<null>('/admin/password/forgot', { email }),
  resetPassword: (body: PasswordResetRequest) => post<null>('/admin/password/reset', body),
  totpOptions: () => post<TotpOptions>('/admin/enrol/totp/options', {}),
  enrolTotp: (code: string) => post<Enrolled>('/admin/enrol/totp', { code }),
  staff: () => get<StaffList>('/admin/staff'),
  invite: (body: StaffRoleRequest) => post<InvitationLink>('/admin/staff/invitations', body),
  invitations: () => get<{ invitations: PendingInvitation[] }>('/admin/staff/invitations'),
  resendInvitation: (id: string) =>
    post<InvitationLink>(`/admin/staff/invitations/${encodeURIComponent(id)}/resend`, {}),
  revokeInvitation: (id: string) => del<null>('/admin/staff/invitations', id),
  changeRole: (id: string, body: Omit<StaffRoleRequest, 'email'>) =>
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
  audit: (query: string) => get<AuditPage>(`/admin/audit?${query}`),
  inbox: (query: string) => get<InboxPage>(`/admin/inbox?${query}`),
  inboxCount: () => get<InboxCounts>('/admin/inbox/count'),
  inboxItem: (id: string) => get<InboxDetail>(`/admin/inbox/${encodeURIComponent(id)}`),
  setStatus: (id: number, status: string) =>
    put<InboxStatusChange>(`/admin/inbox/${id}/status`, { status }),
  setAssignee: (id: number, assignee: string) =>
    put<InboxAssigneeChange>(`/admin/inbox/${id}/assignee`, { assignee }),
  addNote: (id: number, body: string) => post<InboxNote>(`/admin/inbox/${id}/notes`, { body }),
  inboxDashboard: () => get<InboxDashboard>('/admin/inbox/dashboard'),
  notices: () => get<NoticeList>('/admin/notifications'),
  noticeCount: () => get<NoticeCount>('/admin/notifications/count'),
  markNoticeRead: (id: number) => post<NoticeCount>(`/admin/notifications/${id}/read`, {}),
  markAllNoticesRead: () => post<NoticeCount>('/admin/notifications/read', {}),
  noticeSettings: () => get<NoticeSettings>('/admin/notifications/settings'),
  saveNoticeSettings: (body: NoticeSettingsRequest) =>
    put<NoticeSettings>('/admin/notifications/settings', body),
  work: () => get<Work>('/admin/work'),
  analytics: (query: string) => get<AnalyticsReport>(`/admin/analytics?${query}`),
  reply: (id: number, body: string) => post<InboxNote>(`/admin/inbox/${id}/replies`, { body }),
  cvLink: (id: number) => post<CVLink>(`/admin/inbox/${id}/cv-link`, {}),
  visitors: (query: string) => get<VisitorPage>(`/admin/visitors?${query}`),
  visitor: (id: string) => get<VisitorDetail>(visitorPath(id)),
  resendConfirmation: (id: string) => post<null>(visitorPath(id, '/confirmation'), {}),
  endVisitorSessions: (id: string) => del<EndedSessions>(visitorPath(id, '/sessions')),
  visitorsBulk: (body: VisitorBulkRequest) => post<VisitorBulkView>('/admin/visitors/bulk', body),
  setVisitorDisabled: (id: string, disabled: boolean) =>
    post<null>(visitorPath(id, disabled ? '/disable' : '/enable'), {}),
  deleteVisitor: (id: string) => del<null>(visitorPath(id)),
  redirects: (q: string) =>
    get<RedirectList>(`/admin/redirects${q ? `?q=${encodeURIComponent(q)}` : ''}`),
  addRedirect: (from: string, to: string, status: number) =>
    post<Redirect>('/admin/redirects', { from, to, status }),
  deleteRedirect: (from: string) => del<null>(`/admin/redirects?from=${encodeURIComponent(from)}`),
  importRedirects: (csv: string) => post<RedirectImport>('/admin/redirects/import', { csv }),
  held: (email: string) => get<Held>(`/admin/erasure?email=${encodeURIComponent(email)}`),
  erase: (email: string) => post<Erased>('/admin/erasure', { email }),
  contentSchema: (collection: string, slug = '') =>
    get<ContentSchema>(
      `/admin/content/schema/${encodeURIComponent(collection)}${
        collection === pagesCollection ? `?route=${encodeURIComponent(slug)}` : ''
      }`,
    ),
  createItem: (collection: string, slug: string, body: Record<string, unknown>) =>
    post<CreatedItem>(`/admin/content/${encodeURIComponent(collection)}`, { slug, body }),
  unpublishItem: (collection: string, slug: string) =>
    post<null>(contentPath(collection, slug, undefined, '/unpublish'), {}),
  renameItem: (collection: string, slug: string, next: string) =>
    put<ItemKey>(contentPath(collection, slug, undefined, '/slug'), { slug: next }),
  deleteItem: (collection: string, slug: string) => del<null>(contentPath(collection, slug)),
  pageParents: () => get<PageKindChoice[]>('/admin/content/pages/parents'),
  createPage: (page: { kind: string; parent: string; title: string; slug: string }) =>
    post<CreatedPage>('/admin/content/pages', page),
  unpublishPage: (route: string) =>
    post<null>(contentPath(pagesCollection, route, undefined, '/unpublish'), {}),
  deletePage: (route: string, redirect: boolean) =>
    del<null>(`${contentPath(pagesCollection, route)}${redirect ? '&redirect=1' : ''}`),
  mediaList: (query: string) => get<MediaList>(`/admin/media${query}`),
  mediaItem: (id: string) => get<MediaItem>(`/admin/media/${encodeURIComponent(id)}`),
  saveMedia: (id: string, edit: MediaEdit) =>
    put<MediaItem>(`/admin/media/${encodeURIComponent(id)}`, edit),
  deleteMedia: (id: string) => del<{ id: string }>(`/admin/media/${encodeURIComponent(id)}`),
  settings: () => get<SiteSettings>('/admin/settings'),
  saveSettings: (base: number, body: Record<string, unknown>) =>
    put<SavedSettings>('/admin/settings', { base, body }),
  contentFind: (query: string) => get<ContentFind>(`/admin/content/find?${query}`),
  contentBulk: (body: ContentBulkRequest) => post<ContentBulkView>('/admin/content/bulk', body),
  inboxBulk: (body: InboxBulkRequest) => post<InboxBulkView>('/admin/inbox/bulk', body),
  contentList: (collection: string) =>
    get<ContentList>(`/admin/content/${encodeURIComponent(collection)}`),
  contentItem: (collection: string, slug: string) =>
    get<ContentItem>(contentPath(collection, slug)),
  contentPresence: (collection: string, slug: string, locale: string, body: PresenceRequest) =>
    post<ContentPresence>(contentPath(collection, slug, locale, '/presence'), body),
  takeOverContent: (collection: string, slug: string, locale: string, body: PresenceRequest) =>
    post<ContentPresence>(contentPath(collection, slug, locale, '/presence/take-over'), body),
  /** Says an editor closed; sent with keepalive, so it goes even as the page unloads. */
  leaveContent: (collection: string, slug: string, locale: string, session: string) => {
    void fetch(
      withLanguage(`${apiBase}${contentPath(collection, slug, locale, '/presence/leave')}`),
      {
        method: 'POST',
        credentials: 'same-origin',
        keepalive: true,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({ session }),
      },
    ).catch(() => {});
  },
  saveContent: (
    collection: string,
    slug: string,
    locale: string,
    base: number,
    body: Record<string, unknown>,
  ) => put<ContentVersion>(contentPath(collection, slug, locale), { base, body }),
  publishContent: (collection: string, slug: string, locale: string, version: number) =>
    post<null>(contentPath(collection, slug, locale, '/publish'), { version }),
  sendForReview: (
    collection: string,
    slug: string,
    locale: string,
    version: number,
    note: string,
  ) => post<null>(contentPath(collection, slug, locale, '/review'), { version, note }),
  approveReview: (
    collection: string,
    slug: string,
    locale: string,
    decision: { version: number; comment: string; at?: string; timeZone?: string },
  ) => post<null>(contentPath(collection, slug, locale, '/approve'), decision),
  requestChanges: (
    collection: string,
    slug: string,
    locale: string,
    version: number,
    comment: string,
  ) => post<null>(contentPath(collection, slug, locale, '/changes'), { version, comment }),
  reviewRules: () => get<ReviewRules>('/admin/review-rules'),
  saveReviewRules: (rules: Record<string, string[]>) => put<null>('/admin/review-rules', { rules }),
  setMayApprove: (id: string, mayApprove: boolean) =>
    put<null>(`/admin/staff/${encodeURIComponent(id)}/may-approve`, { mayApprove }),
  unpublishContent: (collection: string, slug: string, locale: string) =>
    post<null>(contentPath(collection, slug, locale, '/unpublish'), {}),
  scheduleContent: (collection: string, slug: string, locale: string, plan: ScheduleRequest) =>
    post<ContentSchedule>(contentPath(collection, slug, locale, '/schedule'), plan),
  cancelSchedule: (collection: string, slug: string, locale: string) =>
    del<null>(contentPath(collection, slug, locale, '/schedule')),
  contentVersions: (collection: string, slug: string, locale: string) =>
    get<ContentVersions>(contentPath(collection, slug, locale, '/versions')),
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

/** Fetches the marketing figures of a range as CSV, as exportInbox does the inbox's. */
export const exportAnalytics = (query: string) => exportCsv('/api/admin/analytics/export', query);

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
