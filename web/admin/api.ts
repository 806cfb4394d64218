import { del, get, post, put, type ApiResult } from '../src/form-kit/api-client';

/** The back-office API, under /api/admin. */
export type Permission =
  | 'staff'
  | 'audit'
  | 'content.read'
  | 'content.edit'
  | 'content.translate'
  | 'applications'
  | 'leads';

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

export const adminApi = {
  session: () => get<Session>('/admin/session'),
  login: (email: string, password: string) => post<Session>('/admin/login', { email, password }),
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
    get<{ staff: StaffMember[]; roles: string[]; offices: string[]; languages: string[] }>(
      '/admin/staff',
    ),
  invite: (body: { email: string; role: string; languages: string[]; office: string }) =>
    post<{ link: string; expiresAt: string }>('/admin/staff/invitations', body),
  changeRole: (id: string, body: { role: string; languages: string[]; office: string }) =>
    put<null>(`/admin/staff/${encodeURIComponent(id)}/role`, body),
  setDisabled: (id: string, disabled: boolean) =>
    post<null>(`/admin/staff/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`, {}),
  factors: () => get<Factors>('/admin/factors'),
  removePasskey: (id: string) => del<Session>('/admin/factors/passkeys', id),
  removeTotp: () => del<Session>('/admin/factors/totp'),
  renewRecoveryCodes: () => post<Enrolled>('/admin/factors/recovery-codes', {}),
  audit: (query: string) =>
    get<{ events: AuditEvent[]; next: number; actions: string[] }>(`/admin/audit?${query}`),
};

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
