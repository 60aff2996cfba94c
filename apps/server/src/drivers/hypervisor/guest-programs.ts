/**
 * A simulated guest's programs (issue 17): what the QEMU guest agent's `guest-exec` and
 * `guest-file-write` reach inside the simulator's VMs and the fake PVE's. The guest is a Debian
 * with WireGuard: `wg` and `wg-quick` (guest-wg.ts), `systemctl` for the `wg-quick@<iface>` units,
 * `chmod` and `cat`; anything else cannot be started, as a missing binary. The state is handed in
 * (files, enabled units, interfaces) and changed in place; the caller keeps it. Booting is lazy:
 * interfaces belong to the boot they came up in, and at the first command of a new boot the
 * enabled wg-quick units come up from their files, as systemd would have done at start-up.
 */
import type { GuestExecResult } from './hypervisor.js';
import { programMissing } from './guest-rules.js';
import { failed, ok, runWg, runWgQuick, wgQuickUp, type WgGuest, type WgInterfaceState } from './guest-wg.js';

/** A guest's state as the simulator or the fake keeps it. */
export interface GuestSystem {
  files: Record<string, { content: string; mode: number }>;
  /** systemd units by name (`wg-quick@wg0`), whether enabled at boot. */
  units: Record<string, { enabled: boolean }>;
  interfaces: Record<string, WgInterfaceState>;
}

/** A new file the agent writes gets mode 0600 (qemu-ga creates files so); an existing one keeps its mode. */
export function agentWriteFile(sys: GuestSystem, path: string, content: string): void {
  const had = sys.files[path];
  sys.files[path] = { content, mode: had?.mode ?? 0o600 };
}

/**
 * Settles the guest for the boot `boot`: interfaces of earlier boots are gone, and the enabled
 * wg-quick units bring theirs up from their files (a file that is missing or wrong leaves it down).
 */
export function settleBoot(sys: GuestSystem, boot: string): void {
  for (const [name, i] of Object.entries(sys.interfaces)) if (i.boot !== boot) delete sys.interfaces[name];
  const g: WgGuest = { files: sys.files, interfaces: sys.interfaces, boot };
  for (const [unit, u] of Object.entries(sys.units)) {
    const iface = wgUnitInterface(unit);
    if (u.enabled && iface && !sys.interfaces[iface]) wgQuickUp(g, iface);
  }
}

/** The interface of a `wg-quick@<iface>[.service]` unit, or null for another unit. */
function wgUnitInterface(unit: string): string | null {
  return /^wg-quick@([A-Za-z0-9_=+.-]{1,15})(\.service)?$/.exec(unit)?.[1] ?? null;
}

const unitName = (unit: string) => unit.replace(/\.service$/, '');

/** `systemctl <verb> [--now] <unit>` for the wg-quick units. */
function systemctl(sys: GuestSystem, boot: string, args: readonly string[]): GuestExecResult {
  const now = args.includes('--now');
  const [verb, unitArg] = args.filter((a) => a !== '--now' && a !== '--quiet' && a !== '-q');
  if (verb === 'daemon-reload') return ok();
  if (!verb || !unitArg) return failed('Too few arguments.');
  const unit = unitName(unitArg);
  const iface = wgUnitInterface(unit);
  const service = `${unit}.service`;
  const g: WgGuest = { files: sys.files, interfaces: sys.interfaces, boot };
  const active = iface !== null && sys.interfaces[iface] !== undefined;
  const failedJob = () =>
    failed(
      `Job for ${service} failed because the control process exited with error code.\n` +
        `See "systemctl status ${service}" and "journalctl -xeu ${service}" for details.`,
    );
  const start = (): GuestExecResult => (active || !iface ? ok() : wgQuickUp(g, iface) ? failedJob() : ok());
  const reload = (): GuestExecResult => {
    const file = iface ? runWgQuick(g, ['strip', iface]) : null;
    if (!iface || !file || file.exitcode !== 0) return failedJob();
    return runWg(g, ['syncconf', iface, '/dev/stdin'], file.stdout).exitcode === 0 ? ok() : failedJob();
  };
  switch (verb) {
    case 'is-active':
      return active ? ok('active\n') : { exitcode: 3, stdout: 'inactive\n', stderr: '' };
    case 'is-enabled':
      return sys.units[unit]?.enabled ? ok('enabled\n') : { exitcode: 1, stdout: 'disabled\n', stderr: '' };
  }
  if (!iface) {
    return ['enable', 'disable'].includes(verb)
      ? failed(`Failed to ${verb} unit: Unit file ${service} does not exist.`)
      : failed(`Failed to ${verb} ${service}: Unit ${service} not found.`, 5);
  }
  switch (verb) {
    case 'enable': {
      const first = !sys.units[unit]?.enabled;
      sys.units[unit] = { enabled: true };
      const said = first
        ? `Created symlink /etc/systemd/system/multi-user.target.wants/${service} \u2192 /lib/systemd/system/wg-quick@.service.\n`
        : '';
      const started = now ? start() : ok();
      return { ...started, stderr: said + started.stderr };
    }
    case 'disable':
      sys.units[unit] = { enabled: false };
      if (now) delete sys.interfaces[iface];
      return ok();
    case 'start':
      return start();
    case 'stop':
      delete sys.interfaces[iface];
      return ok();
    case 'restart':
      delete sys.interfaces[iface];
      return wgQuickUp(g, iface) ? failedJob() : ok();
    case 'reload':
      return active ? reload() : failed(`Failed to reload ${service}: Unit ${service} is not active.`);
    case 'reload-or-restart':
      return active ? reload() : start();
    default:
      return failed(`Unknown command verb ${verb}.`);
  }
}

/** `chmod MODE FILE` with an octal mode. */
function chmod(sys: GuestSystem, args: readonly string[]): GuestExecResult {
  const [mode, path] = args;
  if (args.length !== 2 || !mode || !path) return failed("chmod: missing operand\nTry 'chmod --help' for more information.");
  if (!/^[0-7]{1,4}$/.test(mode)) return failed(`chmod: invalid mode: \u2018${mode}\u2019`);
  const file = sys.files[path];
  if (!file) return failed(`chmod: cannot access '${path}': No such file or directory`);
  file.mode = parseInt(mode, 8);
  return ok();
}

/** `cat FILE…`. */
function cat(sys: GuestSystem, args: readonly string[]): GuestExecResult {
  let out = '';
  for (const path of args) {
    const file = sys.files[path];
    if (!file) return { exitcode: 1, stdout: out, stderr: `cat: ${path}: No such file or directory\n` };
    out += file.content;
  }
  return ok(out);
}

/**
 * Runs one program in the guest of boot `boot` (after settling that boot). Throws the agent's
 * refusal for a program the guest does not have.
 */
export function runGuestProgram(sys: GuestSystem, boot: string, argv: readonly string[], input = ''): GuestExecResult {
  settleBoot(sys, boot);
  const [program, ...args] = argv;
  const name = (program ?? '').replace(/^\/(usr\/)?s?bin\//, '');
  const g: WgGuest = { files: sys.files, interfaces: sys.interfaces, boot };
  switch (name) {
    case 'wg':
      return runWg(g, args, input);
    case 'wg-quick':
      return runWgQuick(g, args);
    case 'systemctl':
      return systemctl(sys, boot, args);
    case 'chmod':
      return chmod(sys, args);
    case 'cat':
      return cat(sys, args);
    default:
      throw programMissing(program ?? '');
  }
}
