/**
 * The error catalogue's client side (spec 2 §8): the failure test, the HTML presentation of an
 * error body, the logout rule, network texts and the errors list behind the red banner.
 */
import type { ApiErrorBody } from '../errors';

/** Text shown when a request was aborted by its time-out. */
export const TIMEOUT_TEXT = '(Request timed out)';
/** Default text of the resend-confirmation link appended to UNCONFIRMED_EMAIL errors. */
export const RESEND_LABEL = 'Resend confirmation e-mail';
/** The marker in a message after which the text is hidden. */
export const HIDDEN_MARKER = ':::';
/** Where the web sends a user whose session is refused. */
export const FORCED_LOGOUT_PATH = '/logout-raw';

/**
 * The response header naming which texts of an error body are the catalogue's own for its code
 * (`message`, `hint`, comma-separated): only those are translated by the web, a server-specific
 * text is shown as sent. The server says it, so the web need not ship the catalogue's texts.
 */
export const CATALOGUE_TEXT_HEADER = 'X-Portside-Catalogue-Text';

/** Which texts of an error body are the catalogue's own (from {@link CATALOGUE_TEXT_HEADER}). */
export interface CatalogueTexts {
  message: boolean;
  hint: boolean;
}

/** Reads {@link CATALOGUE_TEXT_HEADER}; a missing header means neither text is the catalogue's. */
export function parseCatalogueTexts(header: string | null | undefined): CatalogueTexts {
  const parts = (header ?? '').split(',').map((p) => p.trim());
  return { message: parts.includes('message'), hint: parts.includes('hint') };
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function present(x: unknown): boolean {
  return x !== undefined && x !== null;
}

/**
 * The failure test: a body with a code or a message field, or HTTP 404, is an error. A status of
 * 400 or more is an error too, whatever its body (the spec is silent on, say, a proxy's 502 page).
 */
export function isErrorResponse(status: number, body: unknown): boolean {
  // 404 is named by the spec; it is one case of the status rule.
  if (status >= 400) return true;
  return isRecord(body) && (present(body.code) || present(body.message));
}

/** The result text of a body-less success: 'No content' for 204, 'created' for 201, else null. */
export function resultForStatus(status: number): 'No content' | 'created' | null {
  if (status === 204) return 'No content';
  if (status === 201) return 'created';
  return null;
}

/**
 * The catalogue's texts of the two codes a body-less failure becomes, written here so that the web
 * need not load the catalogue (errors.ts; a unit test holds them equal to it).
 */
export const BODILESS_TEXTS = {
  NotFound: { message: 'Not Found', hint: 'Not Found' },
  INTERNAL: { message: 'Something went wrong on our side', hint: 'Try again; if it keeps failing, open a ticket' },
} as const;

/** True when an error answer carried neither a code nor a message (a proxy's page, an empty body). */
function isBodiless(body: unknown): boolean {
  const b = isRecord(body) ? body : {};
  return !present(b.code) && !present(b.message);
}

/**
 * Which texts of an error answer are the catalogue's own: what the server's header says, or both
 * for a body-less failure (whose body {@link normalizeErrorBody} makes from the catalogue's texts).
 */
export function catalogueTextsOf(header: string | null | undefined, body: unknown): CatalogueTexts {
  return isBodiless(body) ? { message: true, hint: true } : parseCatalogueTexts(header);
}

/**
 * Turns whatever an error response carried into the catalogue shape. A 404 without a body is
 * NotFound (hint Not Found); other body-less failures become INTERNAL with the status as code.
 */
export function normalizeErrorBody(status: number, body: unknown): ApiErrorBody {
  const b = isRecord(body) ? body : {};
  const text = (v: unknown): string | null => (present(v) ? String(v) : null);
  if (isBodiless(body)) {
    if (status === 404) return { code: 'NotFound', ...BODILESS_TEXTS.NotFound, details: null };
    return { code: 'INTERNAL', ...BODILESS_TEXTS.INTERNAL, details: `HTTP ${status}` };
  }
  return {
    code: text(b.code) ?? String(status),
    message: text(b.message) ?? '',
    hint: text(b.hint),
    details: text(b.details),
  };
}

/** Hides the text from the first ':::' on and trims the end of what stays; other text is unchanged. */
export function hideAfterMarker(text: string): string {
  const at = text.indexOf(HIDDEN_MARKER);
  return at === -1 ? text : text.slice(0, at).trimEnd();
}

/**
 * Whether an error must end the session (go to /logout-raw): HTTP 401 or 403, or a text naming
 * JWSError or JWT. The login call never logs out.
 */
export function shouldLogout(status: number, text: string, opts: { isLogin: boolean }): boolean {
  if (opts.isLogin) return false;
  if (status === 401 || status === 403) return true;
  return typeof text === 'string' && (text.includes('JWSError') || text.includes('JWT'));
}

/** Escapes the five HTML special characters. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Options of {@link presentError}. */
export interface PresentErrorOptions {
  /** Prefix of the resend link, e.g. an absolute origin; '' (a site-relative link) by default. */
  resendBaseUrl?: string;
  /** The address to resend the confirmation to; without it the link has no e-mail part. */
  email?: string;
  /** Text of the resend link (translated by the web); RESEND_LABEL by default. */
  resendLabel?: string;
}

/**
 * The HTML of an error: `<b>code: message</b>`, then `: hint` when there is a hint, then
 * ` Detail: details` when there are details. A message containing UNCONFIRMED_EMAIL gets a link
 * to /resend-confirmation/{email}. Every part is HTML-escaped; text after ':::' is not hidden
 * here but by the banner (hideAfterMarker), as for any other message.
 */
export function presentError(body: Partial<ApiErrorBody>, opts: PresentErrorOptions = {}): string {
  const code = present(body.code) ? String(body.code) : '';
  const message = present(body.message) ? String(body.message) : '';
  // A message that already begins with its code (UNCONFIRMED_EMAIL: ...) is not prefixed twice.
  const head = code && message && !message.startsWith(`${code}:`) ? `${code}: ${message}` : message || code;
  let html = `<b>${escapeHtml(head)}</b>`;
  if (present(body.hint) && String(body.hint) !== '') html += `: ${escapeHtml(String(body.hint))}`;
  if (present(body.details) && String(body.details) !== '') {
    html += ` Detail: ${escapeHtml(String(body.details))}`;
  }
  if (message.includes('UNCONFIRMED_EMAIL') || code === 'UNCONFIRMED_EMAIL') {
    html += ` ${resendLink(opts)}`;
  }
  return html;
}

function resendLink(opts: PresentErrorOptions): string {
  const base = (opts.resendBaseUrl ?? '').replace(/\/+$/, '');
  const email = opts.email?.trim() ? `/${encodeURIComponent(opts.email.trim())}` : '';
  const href = `${base}/resend-confirmation${email}`;
  return `<a href="${escapeHtml(href)}">${escapeHtml(opts.resendLabel ?? RESEND_LABEL)}</a>`;
}

/** The text of a network failure: the browser's message in brackets. */
export function networkErrorText(message: string): string {
  return `(${message})`;
}

/** One entry of the errors list behind the red banner. */
export type ErrorItem = { id: number; message: string };

/** How many errors the 'and N more error(s)...' link counts (all but the first shown). */
export function moreErrorsCount(list: readonly ErrorItem[]): number {
  return Math.max(0, list.length - 1);
}

/** The English link text for the errors beyond the first, or '' when there are none. */
export function moreErrorsText(list: readonly ErrorItem[]): string {
  const n = moreErrorsCount(list);
  return n === 0 ? '' : `and ${n} more error(s)...`;
}

/** Appends an error with the next free id (one above the highest); returns a new list. */
export function addError(list: readonly ErrorItem[], message: string): ErrorItem[] {
  const id = list.reduce((max, e) => Math.max(max, e.id), 0) + 1;
  return [...list, { id, message }];
}

/** Removes the error with `id` (closing its banner); returns a new list. */
export function removeError(list: readonly ErrorItem[], id: number): ErrorItem[] {
  return list.filter((e) => e.id !== id);
}
