/**
 * The typed API client (docs/web-api.md, spec 2 §7-§8). Reads are GET /api/<view> with
 * PostgREST-style query parameters, actions are POST /api/rpc/<name> with a JSON body. Every
 * failure becomes an {@link ApiError} carrying a catalogue-shaped body; 401/403/JWT answers end
 * the session through /logout-raw (never for the login call).
 */
import { COOKIES, TIMING } from '@portside/contract/constants';
import type { ApiErrorBody } from '@portside/contract/errors';
import { PASSKEY_ERROR_TEXT, passkeyErrorKey } from '../passkeys/passkey-error';
import {
  FORCED_LOGOUT_PATH,
  RESEND_LABEL,
  TIMEOUT_TEXT,
  isErrorResponse,
  networkErrorText,
  normalizeErrorBody,
  parseCatalogueTexts,
  catalogueTextsOf,
  CATALOGUE_TEXT_HEADER,
  type CatalogueTexts,
  presentError,
  resultForStatus,
  shouldLogout,
} from '@portside/contract/rules/error-presentation';
import { getCookie } from '../session/cookies';
import { clearBanners } from '../ui/notify';

/** Base path of the API; configurable so the API can live on another host. */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

/** What went wrong: an error answer, no answer at all, or no answer in time. */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

/** A failed call. `body` always has the catalogue shape {code, message, hint, details}. */
export class ApiError extends Error {
  status: number;
  body: ApiErrorBody;
  kind: ApiErrorKind;
  /** The e-mail address the call was about (its p_email), used by the resend-confirmation link. */
  email?: string;
  /** Which of the body's texts are the catalogue's own (the server's header): only those are translated. */
  catalogue: CatalogueTexts;

  constructor(
    status: number,
    body: ApiErrorBody,
    kind: ApiErrorKind = 'http',
    email?: string,
    catalogue: CatalogueTexts = parseCatalogueTexts(null),
  ) {
    super(body.message || body.code || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.kind = kind;
    this.catalogue = catalogue;
    if (email) this.email = email;
  }
}

/** The answer of a read made with `count: true` (header Prefer: count=exact). */
export interface Counted<R> {
  rows: R[];
  /** The total from Content-Range (`0-9/123` → 123), or null when the server did not say. */
  total: number | null;
}

let forcedLogout: (path: string) => void = (path) => window.location.assign(path);

/** Lets the app route the forced logout through the router instead of a page load. */
export function setForcedLogoutHandler(handler: (path: string) => void): void {
  forcedLogout = handler;
}

/** Where the inactivity logout leaves a tab; a late refusal must not move it on to the login page. */
const SESSION_EXPIRED_PATH = '/session-expired';

/**
 * The forced logout after a refusal of the session sent as `sentToken`. Skipped when the request
 * carried no session at all (another tab ended it a moment ago; this tab's own session watch
 * follows with the right reason), when that session is no longer the current one (the token was
 * renewed or removed since), or on the expiry page: such an answer is late news about a session
 * that is gone, and acting on it would throw the user out of a newer one or off the expiry page.
 */
export function endSession(sentToken: string | null): void {
  const path = window.location.pathname;
  if (path === FORCED_LOGOUT_PATH || path === SESSION_EXPIRED_PATH) return;
  if (sentToken === null || getCookie(COOKIES.token.name) !== sentToken) return;
  // What the ending session collected (a live-update registration refused a moment earlier, as
  // the refusal rotated the account's notification secret) is news of that session: the login page
  // shows only why it ended, which the caller reports right after this.
  clearBanners();
  forcedLogout(FORCED_LOGOUT_PATH);
}

/** Query parameters of a read; a list repeats the parameter (e.g. two conditions on one column). */
export type ViewQuery = Record<string, string | readonly string[]>;

function viewUrl(path: string, query?: ViewQuery): string {
  const clean = path.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const v of typeof value === 'string' ? [value] : value) params.append(key, v);
  }
  const search = params.toString();
  return `${API_BASE}/${clean}${search ? `?${search}` : ''}`;
}

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const email = (body as Record<string, unknown>).p_email;
  return typeof email === 'string' && email.trim() ? email.trim() : undefined;
}

interface SendOptions {
  method: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  signal?: AbortSignal;
  count?: boolean;
  isLogin?: boolean;
  /** The answer is a file: a successful one resolves to its Blob. */
  binary?: boolean;
}

async function send(url: string, o: SendOptions): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A FormData body (uploads) goes as multipart/form-data; the browser sets its boundary.
  const form = o.body instanceof FormData ? o.body : null;
  const hasBody = o.method !== 'GET';
  if (hasBody && !form) headers['Content-Type'] = 'application/json';
  if (o.count) headers.Prefer = 'count=exact';
  const token = o.isLogin ? null : getCookie(COOKIES.token.name);
  if (token) headers.Authorization = `Bearer ${token}`;
  const email = emailOf(o.body);

  // One controller aborts on the caller's signal or on the time-out, whichever comes first.
  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMING.requestTimeoutMs);
  const forward = () => controller.abort();
  if (o.signal?.aborted) controller.abort();
  else o.signal?.addEventListener('abort', forward, { once: true });
  let res: Response;
  let text: string;
  let blob: Blob | null = null;
  try {
    res = await fetch(url, {
      method: o.method,
      headers,
      body: hasBody ? (form ?? JSON.stringify(o.body ?? {})) : undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    if (o.binary && res.ok) blob = await res.blob();
    text = blob ? '' : await res.text();
  } catch (e) {
    // A caller's own abort (e.g. a query that is no longer needed) is not an error to show.
    if (o.signal?.aborted) throw e;
    const bare = (message: string) => ({ code: '', message, hint: null, details: null });
    if (timedOut) throw new ApiError(0, bare(TIMEOUT_TEXT), 'timeout', email);
    throw new ApiError(0, bare(networkErrorText(e instanceof Error ? e.message : String(e))), 'network', email);
  } finally {
    window.clearTimeout(timer);
    o.signal?.removeEventListener('abort', forward);
  }

  if (blob) return blob;
  let data: unknown = null;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      data = res.ok ? text : null; // a proxy's HTML error page is not a body to show
    }
  }

  if (isErrorResponse(res.status, data)) {
    const body = normalizeErrorBody(res.status, data);
    if (shouldLogout(res.status, `${body.code} ${body.message}`, { isLogin: !!o.isLogin })) endSession(token);
    throw new ApiError(res.status, body, 'http', email, catalogueTextsOf(res.headers.get(CATALOGUE_TEXT_HEADER), data));
  }
  if (text === '' || res.status === 204) return resultForStatus(res.status) ?? null;
  if (o.count) {
    const total = /\/(\d+)\s*$/.exec(res.headers.get('Content-Range') ?? '')?.[1];
    return { rows: Array.isArray(data) ? data : [], total: total ? Number(total) : null } satisfies Counted<unknown>;
  }
  return data;
}

export const api = {
  /**
   * GET /api/<view>?<query>. With `count: true` the answer is a {@link Counted} of the rows.
   * Rejects with an {@link ApiError} (or the caller's AbortError when `signal` aborts).
   */
  get<T>(view: string, query?: ViewQuery, opts: { signal?: AbortSignal; count?: boolean } = {}): Promise<T> {
    return send(viewUrl(view, query), { method: 'GET', signal: opts.signal, count: opts.count }) as Promise<T>;
  },
  /**
   * POST /api/rpc/<name> with a JSON body. `isLogin` sends no bearer token and never logs out.
   * A 204 answers 'No content'; an empty 201 answers 'created'.
   */
  rpc<T>(name: string, body?: unknown, opts: { isLogin?: boolean } = {}): Promise<T> {
    return send(viewUrl(`rpc/${name}`), { method: 'POST', body, isLogin: opts.isLogin }) as Promise<T>;
  },
  /**
   * PATCH /api/<view>?<query> with a JSON body (spec 2 §7: some views, such as MyIpsets, are
   * updated in place); answers the changed rows. Errors as for every call.
   */
  patch<T>(view: string, query: ViewQuery, body: unknown): Promise<T> {
    return send(viewUrl(view, query), { method: 'PATCH', body }) as Promise<T>;
  },
  /** POST /api/<view> with a JSON body: a row created on its view (spec 2 §7 'POST ProductsModels'); answers the created rows. */
  post<T>(view: string, body: unknown): Promise<T> {
    return send(viewUrl(view), { method: 'POST', body }) as Promise<T>;
  },
  /** POST /api/rpc/<name> with a multipart/form-data body (uploads); answers like {@link api.rpc}. */
  upload<T>(name: string, form: FormData): Promise<T> {
    return send(viewUrl(`rpc/${name}`), { method: 'POST', body: form }) as Promise<T>;
  },
  /**
   * A call of the payment and service host (a full path on it): public, authenticated by its
   * path, so no bearer token goes along and a refusal never ends the session. Text answers are
   * returned as strings.
   */
  svc<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    return send(url, { method, body, isLogin: true }) as Promise<T>;
  },
  /** A GET of the payment and service host answered with a file (e.g. a PDF), as a Blob; errors as for {@link api.svc}. */
  svcFile(url: string): Promise<Blob> {
    return send(url, { method: 'GET', isLogin: true, binary: true }) as Promise<Blob>;
  },
  /** GET /api/<path> of a file (e.g. a document image) as a Blob; errors as for every call. */
  file(path: string, opts: { signal?: AbortSignal } = {}): Promise<Blob> {
    return send(viewUrl(path), { method: 'GET', signal: opts.signal, binary: true }) as Promise<Blob>;
  },
};

/** A translate function (the translator's `t`, shared/i18n); only plain string keys and options are used. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A translation, or null when the key does not exist. */
function tr(t: Translate, key: string, options: Record<string, unknown> = {}): string | null {
  const text = t(key, { ...options, defaultValue: '' });
  return text && text !== key ? text : null;
}

/** Translates `p_field: message_key` lines of validation details where the key is known. */
function translateDetails(t: Translate, details: string): string {
  return details
    .split('\n')
    .map((line) => {
      const m = /^(\s*[\w.]+:\s*)([a-z0-9_]+)\s*$/.exec(line);
      const text = m ? tr(t, `validation:${m[2]}`) : null;
      return m && text ? `${m[1]}${text}` : line;
    })
    .join('\n');
}

/**
 * The body with catalogue texts in the interface language. A message or hint is translated only
 * when the server said it is the catalogue's own text for the code (`catalogue`, from its
 * header): a server-specific text is kept as sent.
 */
export function localizeErrorBody(body: ApiErrorBody, t: Translate, catalogue: CatalogueTexts): ApiErrorBody {
  const message = catalogue.message ? (tr(t, `errors:${body.code}`) ?? body.message) : body.message;
  const hint = body.hint != null && catalogue.hint ? (tr(t, `errors:hints.${body.code}`) ?? body.hint) : body.hint;
  const details = body.details ? translateDetails(t, body.details) : body.details;
  // Keep the marker the resend link and the logout rule look for.
  const keepMarker = body.message.includes('UNCONFIRMED_EMAIL') && !message.includes('UNCONFIRMED_EMAIL');
  return { ...body, message: keepMarker ? `UNCONFIRMED_EMAIL: ${message}` : message, hint, details };
}

/**
 * The HTML shown for an error (spec 2 §8): `<b>code: message</b>: hint Detail: details`, with the
 * resend-confirmation link for UNCONFIRMED_EMAIL (to the call's e-mail address when known). With
 * `t`, catalogue texts, network and time-out texts and the link label are translated.
 */
export function errorHtml(e: unknown, t?: Translate, opts: { email?: string } = {}): string {
  const resendLabel = (t && tr(t, 'errors:resend_confirmation')) || RESEND_LABEL;
  if (e instanceof ApiError) {
    const email = opts.email ?? e.email;
    if (e.kind === 'timeout') return presentError({ message: (t && tr(t, 'errors:timeout')) || TIMEOUT_TEXT });
    if (e.kind === 'network') {
      return presentError({ message: (t && tr(t, 'errors:network', { message: e.body.message })) || e.body.message });
    }
    return presentError(t ? localizeErrorBody(e.body, t, e.catalogue) : e.body, { email, resendLabel });
  }
  const passkey = passkeyErrorKey(e);
  if (passkey) return presentError({ message: (t && tr(t, `errors:${passkey}`)) || PASSKEY_ERROR_TEXT[passkey] });
  const message = e instanceof Error ? e.message : String(e);
  return presentError({ message: message || ((t && tr(t, 'errors:unknown')) ?? 'Error') });
}
