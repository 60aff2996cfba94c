/**
 * Files and programs inside a guest on Proxmox VE (issue 17; see {@link HypervisorGuestDriver}),
 * through the QEMU guest agent on the VM's node:
 * - writeGuestFile: `POST agent/file-write {file, content}` (Proxmox base64-encodes the content for
 *   the agent), then `chmod <mode> <file>` through agent/exec. qemu-ga creates a new file with mode
 *   0600 whatever the guest's umask and keeps an existing file's mode while it writes, so a secret
 *   is never readable by others on the way; file-write itself has no mode.
 * - guestExec: `POST agent/exec {command: [argv…], input-data}` (the list as the key repeated) →
 *   `{pid}`, then `GET agent/exec-status?pid=` until `exited` (polled at 50 ms, growing to 500 ms),
 *   whose `exitcode`, `out-data` and `err-data` (decoded by Proxmox) are the answer.
 * Proxmox's 'No QEMU guest agent configured', 'VM <id> is not running' and 'QEMU guest agent is not
 * running' are INVALID_STATE (proxmox-client.ts); the agent's 'Failed to execute child process …'
 * for a program the guest lacks is BAD_PARAMETER (its exact wording is unverified).
 *
 * The API token then also needs VM.Monitor on the VMs (the guest agent).
 */
import { checkArgv, checkGuestFile, octalMode } from './guest-rules.js';
import { HypervisorError, type GuestExecResult, type HypervisorGuestDriver } from './hypervisor.js';
import { ProxmoxRequestError } from './proxmox-client.js';
import type { PveResource } from './proxmox-config.js';
import type { PveCore } from './proxmox-create.js';

/** What agent/exec-status answers: `exited` only while the program runs. */
interface ExecStatus {
  exited?: number | boolean | string;
  exitcode?: number | string;
  'out-data'?: string;
  'err-data'?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const truthy = (v: unknown) => v === true || v === 1 || v === '1';

/** The driver methods for files and programs in the guest. */
export function proxmoxGuest(core: Pick<PveCore, 'api' | 'locate' | 'vmPath'>): HypervisorGuestDriver {
  const { api } = core;

  /** Starts the program; the agent's refusal to start it is BAD_PARAMETER. */
  async function start(r: PveResource, argv: readonly string[], input: string): Promise<number> {
    try {
      const data = await api.call<{ pid?: unknown }>('POST', `${core.vmPath(r)}/agent/exec`, {
        command: argv,
        ...(input ? { 'input-data': input } : {}),
      });
      const pid = Number(data?.pid);
      if (!Number.isInteger(pid) || pid <= 0) throw new ProxmoxRequestError(null, 'Proxmox VE agent/exec answered no pid');
      return pid;
    } catch (e) {
      if (e instanceof ProxmoxRequestError && e.status === 500 && /Failed to execute child process/.test(e.message))
        throw new HypervisorError('BAD_PARAMETER', e.message.replace(/^Proxmox VE .* failed: HTTP 500 /, ''));
      throw e;
    }
  }

  /** Runs the program and waits for it to exit. */
  async function run(r: PveResource, argv: readonly string[], input: string, timeoutMs: number): Promise<GuestExecResult> {
    const pid = await start(r, argv, input);
    const until = Date.now() + timeoutMs;
    for (let wait = 50; ; wait = Math.min(500, wait * 2)) {
      const s = await api.call<ExecStatus>('GET', `${core.vmPath(r)}/agent/exec-status`, { pid });
      if (truthy(s?.exited)) {
        const exitcode = Number(s?.exitcode ?? 0);
        return {
          exitcode: Number.isInteger(exitcode) ? exitcode : -1,
          stdout: s?.['out-data'] ?? '',
          stderr: s?.['err-data'] ?? '',
        };
      }
      if (Date.now() > until)
        throw new ProxmoxRequestError(null, `the guest program ${argv[0]} (pid ${pid}) did not exit within ${timeoutMs} ms`);
      await sleep(wait);
    }
  }

  return {
    async writeGuestFile(vmid, path, content, mode) {
      checkGuestFile(path, content, mode);
      const r = await core.locate(vmid);
      await api.call('POST', `${core.vmPath(r)}/agent/file-write`, { file: path, content });
      const chmod = await run(r, ['chmod', octalMode(mode), path], '', DEFAULT_TIMEOUT_MS);
      if (chmod.exitcode !== 0)
        throw new HypervisorError(
          'BAD_PARAMETER',
          `chmod ${octalMode(mode)} ${path}: ${chmod.stderr.trim() || `exit ${chmod.exitcode}`}`,
        );
    },

    async guestExec(vmid, argv, input = '', timeoutMs = DEFAULT_TIMEOUT_MS) {
      checkArgv(argv);
      const r = await core.locate(vmid);
      return run(r, argv, input, timeoutMs);
    },
  };
}
