/**
 * What both hypervisor drivers check before they reach into a guest (issue 17; simulator-guest.ts,
 * proxmox-guest.ts), in Proxmox's words where it has them (the `agent/file-write` and `agent/exec`
 * schemas), and the guest agent's refusal of a program it cannot start.
 */
import { GUEST_FILE_MAX_CHARS, HypervisorError } from './hypervisor.js';

/** Refuses a relative path, a NUL, content over the agent's limit and a mode outside 0..0o7777. */
export function checkGuestFile(path: string, content: string, mode: number): void {
  if (typeof path !== 'string' || !path.startsWith('/') || path.includes('\0') || path.length > 4096)
    throw new HypervisorError('BAD_PARAMETER', `file: '${String(path).replace(/\0/g, '\\0')}' is not an absolute path`);
  if (typeof content !== 'string')
    throw new HypervisorError('BAD_PARAMETER', 'content: property is missing and it is not optional');
  if (content.length > GUEST_FILE_MAX_CHARS)
    throw new HypervisorError('BAD_PARAMETER', `content: value may only be ${GUEST_FILE_MAX_CHARS} characters long`);
  if (!Number.isInteger(mode) || mode < 0 || mode > 0o7777)
    throw new HypervisorError('BAD_PARAMETER', `mode: '${String(mode)}' is not a file mode (0 to 07777)`);
}

/** Refuses an empty command line or one that is not all text without NUL. */
export function checkArgv(argv: readonly string[]): void {
  if (!Array.isArray(argv) || argv.length === 0)
    throw new HypervisorError('BAD_PARAMETER', 'command: property is missing and it is not optional');
  if (argv.some((a) => typeof a !== 'string' || a.includes('\0')) || argv[0] === '')
    throw new HypervisorError('BAD_PARAMETER', 'command: each part is a text without NUL, the first not empty');
}

/** The guest agent's answer to a program that does not exist in the guest (glib's spawn error, as Proxmox relays it). */
export function programMissing(program: string): HypervisorError {
  return new HypervisorError(
    'BAD_PARAMETER',
    `Agent error: Failed to execute child process \u201c${program}\u201d (No such file or directory)`,
  );
}

/** A mode as chmod takes it: four octal digits. */
export const octalMode = (mode: number) => mode.toString(8).padStart(4, '0');
