/**
 * The request client (spec §7, §8). Every answer is the envelope `{code, msg, data}` whatever the HTTP
 * status; `api()` resolves `data` on success and otherwise shows the toast and throws an ApiError.
 * Callers never deal with the authenticator code: on 17017 the dialog opens (without an error toast)
 * and the request is sent again with the code the operator typed.
 */
import { type Envelope, ErrorCode, type FieldError, SESSION_OVER_CODES } from '@payops/contracts/api';
import { ApiError, NETWORK_ERROR_CODE } from './api-error.ts';
import { getToken } from './auth-store.ts';
import { promptCode } from './code-prompt.ts';
import { requirePasswordChange } from './first-password.ts';
import { codeUsed, heldCode, holdCode } from './held-code.ts';
import { i18n } from './i18n.ts';
import { logout, sessionOver } from './session.ts';
import { getLanguage } from './settings-store.ts';
import { toast } from './toast.ts';

export { ApiError } from './api-error.ts';

export const REQUEST_TIMEOUT_MS = 50_000;
export const RESOURCE_PATH = '/api/resource';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Built anew for every send: a retry after 17017 must encrypt passwords with a fresh nonce. */
  bodyFactory?: () => Promise<unknown>;
  /** Query string parameters; undefined values are left out. */
  params?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** 'stream': the Response itself once it answers a success that is not JSON; the caller reads the body. */
  responseType?: 'json' | 'blob' | 'stream';
  /** No error toast (the caller shows its own); the catalogue's other effects still apply. */
  silent?: boolean;
  /**
   * The fields the caller shows under its own inputs (engine/field-errors.ts): a refusal naming only
   * these is not toasted, the caller places each reason under its input.
   */
  fields?: readonly string[];
  /** False: a 17017 is thrown to the caller instead of opening the dialog (the sign-in form asks itself). */
  codeDialog?: boolean;
}

/** Registered by the resource store; kept as a hook so this file does not import the store. */
let refreshResources: (() => void) | undefined;
export function onCodeNeeded(refresh: () => void): void {
  refreshResources = refresh;
}

export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  // A code typed for this request (or held by the caller) that the server refused: the dialog says so.
  let retry = heldCode() !== null;
  for (;;) {
    try {
      return await send<T>(path, options);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== ErrorCode.needCode || options.codeDialog === false) {
        throw error;
      }
      const code = await promptCode({ path, retry });
      if (code === null) throw error;
      holdCode(code);
      retry = true;
    }
  }
}

function isSuccess(path: string, code: number): boolean {
  // The development mock endpoints answer 200 for success (spec §8).
  return code === ErrorCode.ok || (path.startsWith('/mock/') && code === 200);
}

function buildUrl(path: string, params: ApiOptions['params']): string {
  if (!params) return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

async function send<T>(path: string, options: ApiOptions): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': getLanguage(), ...options.headers };
  const token = getToken();
  if (token) headers.access_token = token;
  const code = heldCode();
  if (code && !headers.googleCode) headers.googleCode = code;
  const body = options.bodyFactory ? await options.bodyFactory() : options.body;
  // A file upload (FormData) goes as multipart, its boundary set by the browser.
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    clearTimeout(timer);
    const text = controller.signal.aborted ? i18n.t('common.requestTimeout') : (error as Error).message;
    throw fail(NETWORK_ERROR_CODE, `${i18n.t('common.networkError')}: ${text}`, null, options);
  }
  // The resource call keeps the code: it runs right after a 17017 and would otherwise eat it.
  if (headers.googleCode && path !== RESOURCE_PATH) codeUsed();

  try {
    if (options.responseType === 'blob' && response.ok) return (await readBlob(response, path, options)) as T;
    if (options.responseType === 'stream' && response.ok && !isJson(response)) return response as T;
    const envelope = await readEnvelope(response);
    if (!envelope) {
      throw fail(NETWORK_ERROR_CODE, `${response.status} ${response.statusText}`.trim(), null, options);
    }
    if (isSuccess(path, envelope.code)) return envelope.data as T;
    throw fail(envelope.code, envelope.msg, envelope.data, options, envelope);
  } finally {
    clearTimeout(timer);
  }
}

const isJson = (response: Response) => (response.headers.get('content-type') ?? '').includes('json');

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    const json = (await response.json()) as Partial<Envelope> | null;
    if (!json || typeof json.code !== 'number') return null;
    return { code: json.code, msg: json.msg ?? '', data: json.data };
  } catch {
    return null;
  }
}

/**
 * A binary answer is an error when its text contains `code` (spec §8). Only textual bodies are read as
 * text: an image's bytes could spell `code` by chance.
 */
async function readBlob(response: Response, path: string, options: ApiOptions): Promise<Blob> {
  const blob = await response.blob();
  const type = blob.type.toLowerCase();
  if (!type.includes('json') && !type.startsWith('text/')) return blob;
  const text = await blob.text();
  if (!text.includes('code')) return blob;
  let envelope: Partial<Envelope> & { message?: string } = {};
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    // Not JSON: still an error, with the default text.
  }
  const code = typeof envelope.code === 'number' && !isSuccess(path, envelope.code) ? envelope.code : -1;
  throw fail(code, envelope.msg ?? '', envelope.data, options, envelope);
}

/** The fields a refusal names (`data.fields`), none when it names none. */
export function fieldsOf(data: unknown): FieldError[] {
  const fields = (data as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) ? (fields as FieldError[]) : [];
}

export const BIND_REQUIRED_EVENT = 'payops:bind-required';

/** Applies the error catalogue (spec §8) and returns the error to throw. */
function fail(
  code: number,
  msg: string,
  data: unknown,
  options: ApiOptions,
  raw?: { msg?: string; message?: string },
): ApiError {
  const text = raw?.msg || raw?.message || msg || i18n.t('common.serviceError');
  // 17017 is a question, not an error: the code dialog opens and says what it wants.
  const asksForCode = code === ErrorCode.needCode && options.codeDialog !== false;
  // Likewise the first-sign-in password change: the shell opens its dialog instead of a toast per call.
  const asksForPassword = code === ErrorCode.passwordChangeRequired;
  // bindRequired opens the bind dialog, which says it better than a toast.
  const asksForBinding = code === ErrorCode.bindRequired;
  const named = fieldsOf(data);
  const placedByCaller = named.length > 0 && named.every((f) => options.fields?.includes(f.field));
  if (!options.silent && !asksForCode && !asksForPassword && !asksForBinding && !placedByCaller)
    toast.error(text, 3);
  if (asksForPassword) {
    requirePasswordChange();
  } else if (code === ErrorCode.forbidden) {
    void logout();
  } else if (SESSION_OVER_CODES.includes(code)) {
    sessionOver();
  } else if (code === ErrorCode.needCode && getToken()) {
    refreshResources?.();
  } else if (code === ErrorCode.bindRequired) {
    // The user menu opens the bind dialog (an administrator requires an authenticator for everyone).
    window.dispatchEvent(new Event(BIND_REQUIRED_EVENT));
  }
  return new ApiError(code, text, data);
}
