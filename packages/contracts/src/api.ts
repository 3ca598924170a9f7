/**
 * The response envelope and the error catalogue shared by server and web (spec §8).
 * Every answer is `{ code, msg, data }`; code 0 is success.
 */

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const ErrorCode = {
  ok: 0,
  /** Input failed validation; `data.fields` names the fields. */
  badRequest: 400,
  /** No access: the operator lacks the permission (the web client logs out, spec §8). */
  forbidden: 403,
  notFound: 404,
  /** The object changed under you (another operator got there first). */
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
  internal: 500,
  /** The database is unreachable for a moment (restart, failover): retry shortly. */
  unavailable: 503,
  /** Not signed in: no token was sent. */
  notSignedIn: 1001,
  /** The token is unknown (never issued, or forged). */
  tokenInvalid: 1002,
  /** The session was ended: logout, password change, operator disabled or roles changed. */
  sessionEnded: 1003,
  /** Wrong username or password, or the account is locked (one answer for all, on purpose). */
  badCredentials: 1004,
  /** The token arrived without its session cookie: it was lifted from the page and replayed elsewhere. */
  sessionBinding: 1005,
  /** Access from this address is refused (IP black list, or white list when switched on). */
  ipDenied: 1006,
  /** The one-time nonce of an encrypted password is unknown, used or expired; fetch a new public key. */
  nonceInvalid: 1007,
  /** A new password breaks the password policy. */
  passwordPolicy: 1008,
  /** The original password is wrong (password change). */
  wrongPassword: 1009,
  /** The password was chosen by an administrator: change it before anything else (web: password dialog). */
  passwordChangeRequired: 1010,
  /** An authenticator code is needed, or the one sent is wrong or already used. */
  needCode: 17017,
  /** Too many wrong authenticator codes: code entry is locked for a while. */
  codeLocked: 17018,
  /** The session timed out (idle or absolute limit). */
  sessionExpired: 17019,
  /** An administrator requires an authenticator for everyone: bind one before anything else. */
  bindRequired: 17020,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** Codes after which the web client clears stored tabs and state and reloads (spec §8). */
export const SESSION_OVER_CODES: readonly number[] = [
  ErrorCode.sessionExpired,
  ErrorCode.notSignedIn,
  ErrorCode.tokenInvalid,
  ErrorCode.sessionEnded,
  ErrorCode.sessionBinding,
];

export type Locale = 'zh-CN' | 'en-US';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const errorMessages: Record<Locale, Record<ErrorCodeName, string>> = {
  'zh-CN': {
    ok: '成功',
    badRequest: '请求参数有误',
    forbidden: '没有访问权限',
    notFound: '记录不存在',
    conflict: '数据已被他人修改，请刷新后重试',
    payloadTooLarge: '请求内容过大',
    tooManyRequests: '请求过于频繁，请稍后再试',
    internal: '服务异常',
    unavailable: '服务暂时不可用，请稍后重试',
    notSignedIn: '请先登录',
    tokenInvalid: '登录凭证无效，请重新登录',
    sessionEnded: '会话已结束，请重新登录',
    badCredentials: '用户名或密码错误',
    sessionBinding: '会话校验失败，请重新登录',
    ipDenied: '当前IP禁止访问',
    nonceInvalid: '加密参数已失效，请重试',
    passwordPolicy: '新密码不符合密码规则',
    wrongPassword: '原密码错误',
    passwordChangeRequired: '首次登录请先修改密码',
    needCode: '请输入正确的谷歌验证码',
    codeLocked: '验证码错误次数过多，请15分钟后再试',
    sessionExpired: '登录已超时，请重新登录',
    bindRequired: '请先绑定谷歌验证器',
  },
  'en-US': {
    ok: 'Success',
    badRequest: 'Invalid request',
    forbidden: 'No access permission',
    notFound: 'Record not found',
    conflict: 'The data was changed by someone else; refresh and try again',
    payloadTooLarge: 'Request too large',
    tooManyRequests: 'Too many requests, try again later',
    internal: 'Service error',
    unavailable: 'The service is briefly unavailable, please retry',
    notSignedIn: 'Please sign in',
    tokenInvalid: 'Invalid sign-in token, please sign in again',
    sessionEnded: 'Your session has ended, please sign in again',
    badCredentials: 'Wrong username or password',
    sessionBinding: 'Session check failed, please sign in again',
    ipDenied: 'Access from this IP address is denied',
    nonceInvalid: 'The encryption nonce has expired, please try again',
    passwordPolicy: 'The new password does not meet the password rules',
    wrongPassword: 'The original password is wrong',
    passwordChangeRequired: 'Change your password before you continue',
    needCode: 'Please enter a valid authenticator code',
    codeLocked: 'Too many wrong codes, try again in 15 minutes',
    sessionExpired: 'Your session timed out, please sign in again',
    bindRequired: 'Bind an authenticator first',
  },
};

const nameByCode = new Map<number, ErrorCodeName>(
  Object.entries(ErrorCode).map(([name, code]) => [code, name as ErrorCodeName]),
);

export function errorMessage(code: number, locale: Locale = DEFAULT_LOCALE): string {
  const name = nameByCode.get(code) ?? 'internal';
  return errorMessages[locale][name];
}

export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  return acceptLanguage.toLowerCase().startsWith('en') ? 'en-US' : DEFAULT_LOCALE;
}

/** Field errors carried in `data.fields` of a badRequest answer. */
export interface FieldError {
  field: string;
  message: string;
}

/** Lists: request and answer shape (architecture.md, API conventions). */
export interface Pager {
  page: number;
  pageSize: number;
  /** null when the request said `withTotal: false` (the count was skipped). */
  total: number | null;
  /** True when the total was capped (shown as "10,000+"). */
  totalCapped?: boolean;
  /** Keyset cursor of the page after this one (resource lists); null on the last page. */
  nextCursor?: string | null;
}

export interface PageResult<T> {
  list: T[];
  pager: Pager;
}

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;
/** The page sizes the list pager offers (the server prepares a page statement for each). */
export const PAGER_SIZES = [20, 50, 100] as const;
export const TOTAL_CAP = 10_000;

export const NOTICE_LEVELS = ['success', 'warning', 'error'] as const;

/**
 * What a custom action's answer may tell the operator besides "done", in their language: the web
 * shows it at its level instead of the generic success (a balance read, a query that failed).
 */
export interface ActionNotice {
  level: (typeof NOTICE_LEVELS)[number];
  text: string;
}
