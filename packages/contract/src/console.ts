/**
 * The VM console (spec 1 §2 route console-open, spec 2 §7 'console creation', §8 'Servers'): the
 * link VmConsole answers and the websocket protocol behind it, shared by server and browser.
 *
 * The link is `/console-open/<url>/<cookie>/<epoch>/<hash>`:
 * - url: base64url (no padding) of the websocket path, {@link CONSOLE_WS_PATH};
 * - cookie: a one-time random token (32 bytes, base64url);
 * - epoch: when the link was made, Unix seconds;
 * - hash: lower-case hex HMAC-SHA512 with a key only the server holds over `url|cookie|epoch`.
 * Only the server can make or check the hash (DESIGN §3: knowing the parts is not enough to forge
 * one); the browser only takes the link apart and connects to
 * `<path>?cookie=<cookie>&epoch=<epoch>&hash=<hash>` on its own origin. A link works once, within
 * {@link CONSOLE_LINK_TTL_SECONDS} of its epoch.
 *
 * The socket. The server's first frame is always a JSON text frame, a {@link ConsoleHello}:
 * - `{"type":"ready","kind":"text","provisioned_id":1001,"name":"web-1"}` — a serial text console follows. Server → browser: text
 *   frames of terminal output (UTF-8 with ANSI escapes, lines end in CR LF). Browser → server: text
 *   frames of keyboard input as a terminal sends it (`\r` Enter, `\x7f` backspace, `\x03` Ctrl-C,
 *   `\x04` Ctrl-D), at most {@link CONSOLE_MAX_INPUT_BYTES} each.
 * - `{"type":"ready","kind":"vnc",...}` — a graphical console follows (the portal has logged in to
 *   the VM's VNC server already): binary frames carry the RFB protocol both ways from its first
 *   byte (the portal's `RFB 003.008\n`), offering security type None, as a noVNC viewer speaks
 *   it. Text frames are not used after the hello.
 * - `{"type":"error","code":...,"message":...}` — the link or the VM was refused; the socket is
 *   closed at once with code 4000 + the error's HTTP status (4403, 4404, 4409, 4503).
 * The server closes with 1000 when the console ends (logout, a stopped VM, the VM's side closed),
 * with {@link CONSOLE_CLOSE}.idle after {@link CONSOLE_IDLE_SECONDS} without input, and with 1009
 * for an oversized frame.
 */

/** The console websocket's path on the portal's host. */
export const CONSOLE_WS_PATH = '/console/ws';

/** How long a console link may be used after its epoch, seconds. */
export const CONSOLE_LINK_TTL_SECONDS = 60;

/** A console socket without input from the browser is closed after this long, seconds. */
export const CONSOLE_IDLE_SECONDS = 600;

/** The largest text frame the browser may send to a text console, bytes. */
export const CONSOLE_MAX_INPUT_BYTES = 4096;

/** Close codes of the console socket besides those of the error hello. */
export const CONSOLE_CLOSE = { normal: 1000, tooBig: 1009, idle: 4408 } as const;

/** What a console offers: a serial text terminal, or VNC (RFB) for a graphical viewer. */
export type ConsoleKind = 'text' | 'vnc';

/** The error codes a console socket may answer with (all in the error catalogue). */
export type ConsoleErrorCode =
  | 'CONSOLE_LINK_INVALID'
  | 'CONSOLE_LINK_EXPIRED'
  | 'CONSOLE_LINK_USED'
  | 'NotFound'
  | 'VM_CONTACT_LOST'
  | 'VM_PENDING_DELETE'
  | 'CLUSTER_UNAVAILABLE';

/** The server's first frame on a console socket. */
export type ConsoleHello =
  | {
      type: 'ready';
      kind: ConsoleKind;
      /** The server the console belongs to (to ask for a new console after this one ends). */
      provisioned_id: number;
      /** The server's name, for the page's title. */
      name: string;
    }
  | { type: 'error'; code: ConsoleErrorCode; message: string };

/** VmConsole's answer: the console-open link, a path on the portal's own origin. */
export interface VmConsoleAnswer {
  url: string;
}

/** The parts of a console-open link, as the route gives them. */
export interface ConsoleLinkParts {
  url: string;
  cookie: string;
  epoch: string;
  hash: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;
const SOCKET_PATH = /^\/[A-Za-z0-9/_.-]{0,200}$/;

/** base64url (no padding) of an ASCII text. */
export function encodeBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text of a base64url string, or null when it is not one. */
export function decodeBase64Url(part: string): string | null {
  if (!B64URL.test(part) || part.length % 4 === 1) return null;
  try {
    return atob(part.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

/** The text the link's hash covers: `url|cookie|epoch`. */
export function consoleHashInput(url: string, cookie: string, epoch: string | number): string {
  return `${url}|${cookie}|${epoch}`;
}

/**
 * Checks the shape of a link's parts and gives the socket's path and query, or null when a part
 * cannot be right (the path must be a plain path on the same origin; the server checks the hash).
 */
export function consoleSocketTarget(p: ConsoleLinkParts): { path: string; query: string } | null {
  const path = decodeBase64Url(p.url);
  if (path === null || !SOCKET_PATH.test(path) || path.includes('//')) return null;
  if (!B64URL.test(p.cookie) || p.cookie.length > 64 || !/^\d{1,12}$/.test(p.epoch) || !/^[0-9a-f]{128}$/.test(p.hash))
    return null;
  const query = new URLSearchParams({ cookie: p.cookie, epoch: p.epoch, hash: p.hash }).toString();
  return { path, query };
}
