/**
 * A failed 'test connection' as the catalogue's error (issue 18): a refused login is
 * CONNECTION_AUTH_FAILED, a certificate the server cannot verify (or TLS spoken to a plain-HTTP
 * port) CONNECTION_TLS_FAILED, and anything else that did not answer in time or at all the
 * device's own *_UNAVAILABLE (503). The details keep the driver's message, which names neither
 * the password nor the token secret (each driver redacts them); `secrets` are cut out once more.
 */
import { AppError } from '../../http/errors.js';
import type { ErrorCode } from '@portside/contract/errors';
import { ProxmoxRequestError } from '../../drivers/hypervisor/proxmox-client.js';
import { BaremetalError } from '../../drivers/baremetal/baremetal.js';
import { RouterError } from '../../drivers/router/router.js';

/** Texts Node and OpenSSL use when a TLS handshake fails or a certificate is not trusted. */
const TLS_TEXT =
  /certificate|self[- ]signed|unable to (get|verify)|altnames|ERR_TLS|ERR_SSL|SSL routines|wrong version number|packet length too long|EPROTO|handshake/i;

/** Why the driver failed, as one of three kinds. */
function kindOf(e: unknown): 'auth' | 'tls' | 'away' {
  const text = errorText(e);
  if (e instanceof ProxmoxRequestError && (e.status === 401 || e.status === 403)) return 'auth';
  if ((e instanceof BaremetalError || e instanceof RouterError) && e.code === 'AUTH') return 'auth';
  return TLS_TEXT.test(text) ? 'tls' : 'away';
}

/** The error's message and its causes' (Node puts a TLS reason on the cause). */
function errorText(e: unknown): string {
  const parts: string[] = [];
  for (let x: unknown = e, depth = 0; x instanceof Error && depth < 4; x = x.cause, depth++) {
    parts.push(x.message);
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string') parts.push(code);
  }
  return parts.join(' ');
}

/** The catalogue's error for a failed test of a `device`; never quotes any of `secrets`. */
export function connectionError(e: unknown, device: 'cluster' | 'bmc' | 'router', secrets: string[]): AppError {
  if (e instanceof AppError) return e;
  const redact = (t: string) => secrets.filter((s) => s.length > 0).reduce((x, s) => x.split(s).join('[secret]'), t);
  const message = e instanceof Error ? e.message : 'unknown error';
  const details = redact(message).slice(0, 500);
  const kind = kindOf(e);
  if (kind === 'auth') return new AppError('CONNECTION_AUTH_FAILED', { details });
  if (kind === 'tls') return new AppError('CONNECTION_TLS_FAILED', { details });
  const unavailable: Record<typeof device, ErrorCode> = {
    cluster: 'CLUSTER_UNAVAILABLE',
    bmc: 'BMC_UNAVAILABLE',
    router: 'ROUTER_UNAVAILABLE',
  };
  // Any other failure of a read (a BMC without that system, an answer that is no JSON) means the
  // device cannot be used as registered: it counts as not answering, with its reason.
  return new AppError(unavailable[device], { details });
}
