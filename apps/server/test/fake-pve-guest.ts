import { agentWriteFile, runGuestProgram, type GuestSystem } from '../src/drivers/hypervisor/guest-programs.js';
import { HypervisorError } from '../src/drivers/hypervisor/hypervisor.js';
import type { GuestExecResult } from '../src/drivers/hypervisor/hypervisor.js';
import type { FakeVm } from './fake-pve-create.js';

/**
 * The fake PVE's guest agent endpoints for files and programs (used by fake-pve.ts), with the
 * real API's schemas and refusals (qemu-server's Agent.pm; qemu-ga's guest-exec):
 * - `POST /nodes/{n}/qemu/{id}/agent/file-write {file, content ≤ 61440, encode}` → null; a new
 *   file gets mode 0600, an existing one keeps its mode (qemu-ga).
 * - `POST …/agent/exec {command: [program, args…], input-data ≤ 65536}` → `{pid}`; a form body
 *   repeats `command` once per part, which arrives here NUL-joined (as CGI.pm hands Proxmox a
 *   repeated key). The program runs in the guest at once (guest-programs.ts: wg, wg-quick,
 *   systemctl, chmod, cat), and is reported as exited once `taskMs()` has passed.
 * - `GET …/agent/exec-status?pid=` → `{exited: 0}` while it runs, then `{exited: 1, exitcode,
 *   out-data, err-data}` once; after that the pid is unknown (qemu-ga forgets it).
 * Before each: 500 'No QEMU guest agent configured' (config `agent` off), 'VM <id> is not running',
 * 'QEMU guest agent is not running' (the VM has run less than the agent delay). A program the
 * guest lacks is 500 'Agent error: Failed to execute child process …' (wording unverified).
 */

/** What the guest part uses of the fake. */
export interface GuestContext {
  vmOn(node: string, id: string): FakeVm;
  fail(status: number, message: string): Error;
  paramError(errors: Record<string, string>): Error;
  /** How long after a start the agent answers, ms. */
  agentDelayMs(): number;
  /** How long a program runs before exec-status reports it exited, ms. */
  taskMs(): number;
}

type Route = [string, RegExp, (m: string[], p: Record<string, string>) => unknown];

const NOT_IN_SCHEMA = 'property is not defined in schema and the schema does not allow additional properties';
const MISSING = 'property is missing and it is not optional';
const BOOLEAN = /^(0|1|yes|no|on|off|true|false)$/i;
const agentOn = (v: string | number | undefined) => /^(1|enabled=1)(,|$)/.test(String(v ?? ''));

/** The guest endpoints and each VM's guest (files, units, interfaces, programs run). */
export function guestRoutes(ctx: GuestContext) {
  const guests = new Map<number, GuestSystem>();
  const processes = new Map<string, { result: GuestExecResult; endsAt: number }>();
  let nextPid = 4000;

  const guestOf = (vmid: number): GuestSystem => {
    let g = guests.get(vmid);
    if (!g) guests.set(vmid, (g = { files: {}, units: {}, interfaces: {} }));
    return g;
  };

  function checkParams(p: Record<string, string>, allowed: Record<string, number>, required: string[]): void {
    const errors: Record<string, string> = {};
    for (const k of Object.keys(p)) if (!(k in allowed)) errors[k] = NOT_IN_SCHEMA;
    for (const k of required) if (p[k] === undefined) errors[k] = MISSING;
    for (const [k, max] of Object.entries(allowed))
      if (max > 0 && p[k] !== undefined && p[k].length > max) errors[k] = `value may only be ${max} characters long`;
    if (p.encode !== undefined && !BOOLEAN.test(p.encode)) errors.encode = `type check ('boolean') failed - got '${p.encode}'`;
    if (Object.keys(errors).length) throw ctx.paramError(errors);
  }

  /** The VM once its guest agent answers (qemu-server's agent_available, then the agent's ping). */
  function agentVm(n: string, id: string): FakeVm {
    const vm = ctx.vmOn(n, id);
    if (!agentOn(vm.config.agent)) throw ctx.fail(500, 'No QEMU guest agent configured');
    if (!vm.running) throw ctx.fail(500, `VM ${vm.vmid} is not running`);
    if (Date.now() - vm.startedAt < ctx.agentDelayMs()) throw ctx.fail(500, 'QEMU guest agent is not running');
    return vm;
  }

  const routes: Route[] = [
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/agent\/file-write$/,
      ([, n, id], p) => {
        checkParams(p, { file: 0, content: 61440, encode: 0 }, ['file', 'content']);
        const vm = agentVm(n!, id!);
        agentWriteFile(guestOf(vm.vmid), p.file!, p.content!);
        return null;
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/agent\/exec$/,
      ([, n, id], p) => {
        checkParams(p, { command: 0, 'input-data': 65536 }, ['command']);
        const vm = agentVm(n!, id!);
        const argv = p.command!.split('\0');
        let result: GuestExecResult;
        try {
          result = runGuestProgram(guestOf(vm.vmid), String(vm.startedAt), argv, p['input-data'] ?? '');
        } catch (e) {
          if (e instanceof HypervisorError) throw ctx.fail(500, e.message);
          throw e;
        }
        const pid = ++nextPid;
        processes.set(`${vm.vmid}:${pid}`, { result, endsAt: Date.now() + ctx.taskMs() });
        return { pid };
      },
    ],
    [
      'GET',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/agent\/exec-status$/,
      ([, n, id], p) => {
        checkParams(p, { pid: 0 }, ['pid']);
        if (!/^\d+$/.test(p.pid!)) throw ctx.paramError({ pid: `type check ('integer') failed - got '${p.pid}'` });
        const vm = agentVm(n!, id!);
        const key = `${vm.vmid}:${p.pid}`;
        const proc = processes.get(key);
        if (!proc) throw ctx.fail(500, `Agent error: Invalid parameter 'pid'`);
        if (proc.endsAt > Date.now()) return { exited: 0 };
        processes.delete(key);
        const r = proc.result;
        return {
          exited: 1,
          exitcode: r.exitcode,
          ...(r.stdout ? { 'out-data': r.stdout } : {}),
          ...(r.stderr ? { 'err-data': r.stderr } : {}),
        };
      },
    ],
  ];

  return {
    routes,
    /** The VM is destroyed: its guest goes with it. */
    forget(vmid: number): void {
      guests.delete(vmid);
    },
    /** A file of the VM's guest, or undefined. */
    file(vmid: number, path: string): { content: string; mode: number } | undefined {
      const f = guests.get(vmid)?.files[path];
      return f ? { ...f } : undefined;
    },
  };
}
