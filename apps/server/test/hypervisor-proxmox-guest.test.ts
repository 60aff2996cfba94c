import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxmoxHypervisor } from '../src/drivers/hypervisor/proxmox.js';
import { startFakePve, type FakePve } from './fake-pve.js';
import { expectRefusal } from './hypervisor-contract.js';
import { guestContract } from './hypervisor-contract-guest.js';

const driverFor = (pve: FakePve) => createProxmoxHypervisor({ baseUrl: pve.url, tokenId: pve.tokenId, secret: pve.secret });
/** The guest agent requests since `from`: method, the path after the VM's, parameters. */
const agentCalls = (pve: FakePve, from: number) =>
  pve.requests
    .slice(from)
    .filter((r) => r.path.includes('/agent/'))
    .map((r) => [r.method, r.path.replace(/^.*\/qemu\/\d+/, ''), r.params] as const);

// The guest-agent contract against the fake PVE, with programs that take a little time (polled as on a real cluster).
guestContract('proxmox (fake PVE)', async () => {
  const pve = await startFakePve({ taskDurationMs: 30 });
  return {
    driver: driverFor(pve),
    createVm: async (spec) => pve.createVm({ ...spec, config: { agent: '1' } }),
    failNextTask: async (vmid, message) => pve.failNextTask(vmid, message),
    failNextCreate: async () => {
      throw new Error('not used by the guest contract');
    },
    failNextNodeTask: async (node, message) => pve.failNextNodeTask(node, message),
    holdTasks: async () => pve.setTaskDuration(3_600_000),
    releaseTasks: async () => pve.setTaskDuration(30),
    setAgentDelay: async (ms) => pve.setAgentDelay(ms),
    guestFile: async (vmid, path) => pve.guestFile(vmid, path) ?? null,
    close: () => pve.close(),
  };
});

describe('proxmox driver: guest agent', () => {
  let pve: FakePve;
  beforeAll(async () => {
    pve = await startFakePve({ taskDurationMs: 120 });
  });
  afterAll(async () => {
    await pve?.close();
  });

  it('runs a program as agent/exec with the command as a list and the input, then polls exec-status until it exited', async () => {
    const d = driverFor(pve);
    const vmid = pve.createVm({ name: 'exec-shape', node: 'pve2', power: 'RUNNING', config: { agent: '1' } });
    const from = pve.requests.length;
    const r = await d.guestExec(vmid, ['wg', 'pubkey'], 'not a key\n');
    expect(r).toMatchObject({ exitcode: 1, stdout: '' });
    const seen = agentCalls(pve, from);
    expect(seen[0]).toEqual(['POST', '/agent/exec', { command: 'wg\0pubkey', 'input-data': 'not a key\n' }]);
    const polls = seen.slice(1);
    expect(polls.length).toBeGreaterThan(1);
    expect(polls.every(([m, p, params]) => m === 'GET' && p === '/agent/exec-status' && /^\d+$/.test(params.pid!))).toBe(true);
  });

  it('writes a file with agent/file-write and then sets its mode with chmod in the guest', async () => {
    const d = driverFor(pve);
    const vmid = pve.createVm({ name: 'file-shape', node: 'pve1', power: 'RUNNING', config: { agent: '1' } });
    const from = pve.requests.length;
    await d.writeGuestFile(vmid, '/etc/wireguard/wg0.conf', 'secret = 1\n', 0o600);
    const posts = agentCalls(pve, from).filter(([m]) => m === 'POST');
    expect(posts).toEqual([
      ['POST', '/agent/file-write', { file: '/etc/wireguard/wg0.conf', content: 'secret = 1\n' }],
      ['POST', '/agent/exec', { command: 'chmod\x000600\x00/etc/wireguard/wg0.conf' }],
    ]);
    expect(pve.guestFile(vmid, '/etc/wireguard/wg0.conf')).toEqual({ content: 'secret = 1\n', mode: 0o600 });
  });

  it('maps a VM without a configured agent to INVALID_STATE and asks nothing more', async () => {
    const d = driverFor(pve);
    const vmid = pve.createVm({ name: 'no-agent', node: 'pve1', power: 'RUNNING' });
    const from = pve.requests.length;
    await expectRefusal(d.writeGuestFile(vmid, '/etc/x', 'x', 0o600), 'INVALID_STATE', /^No QEMU guest agent configured$/);
    expect(agentCalls(pve, from).filter(([m]) => m === 'POST')).toEqual([
      ['POST', '/agent/file-write', { file: '/etc/x', content: 'x' }],
    ]);
  });
});
