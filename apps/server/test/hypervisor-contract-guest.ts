import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_FILE_MAX_CHARS, type HypervisorDriver } from '../src/drivers/hypervisor/hypervisor.js';
import { generateWgKeyPair } from '../src/drivers/hypervisor/wireguard-keys.js';
import type { ContractCluster } from './hypervisor-contract.js';
import { expectRefusal, waitTask } from './hypervisor-contract.js';

/** What the guest-agent contract needs of a cluster beyond the shared contract's handles. */
export interface GuestCluster extends ContractCluster {
  /** Creates a VM whose guest agent is configured, and answers its vmid. */
  createVm(spec: { name: string; power?: 'RUNNING' | 'STOPPED' }): Promise<number>;
  /** How long a VM's guest agent takes to answer after it starts, ms, from now on. */
  setAgentDelay(ms: number): Promise<void>;
  /** A file of the guest as the cluster keeps it (content and mode), or null. */
  guestFile(vmid: number, path: string): Promise<{ content: string; mode: number } | null>;
}

const CONF = '/etc/wireguard/wg0.conf';
const server = generateWgKeyPair();
const peerA = generateWgKeyPair();
const peerB = generateWgKeyPair();

/** A wg-quick file of the server with these peers (host numbers from 2). */
const wgConf = (peers: string[], privateKey = server.privateKey) =>
  [
    '[Interface]',
    `PrivateKey = ${privateKey}`,
    'ListenPort = 51820',
    'Address = 10.99.0.1/24, fd99::1/64',
    ...peers.flatMap((key, i) => ['', '[Peer]', `PublicKey = ${key}`, `AllowedIPs = 10.99.0.${i + 2}/32, fd99::${i + 2}/128`]),
    '',
  ].join('\n');

/**
 * The contract's cases for files and programs inside a guest (HypervisorGuestDriver), run against
 * every driver: `makeCluster` is called once for the suite. The guest is the portal's WireGuard
 * image: wg, wg-quick and systemd's wg-quick@ units.
 */
export function guestContract(label: string, makeCluster: () => Promise<GuestCluster>): void {
  describe(`hypervisor driver contract, guest agent: ${label}`, () => {
    let cl: GuestCluster;
    let d: HypervisorDriver;
    beforeAll(async () => {
      cl = await makeCluster();
      d = cl.driver;
    });
    afterAll(async () => {
      await cl?.close();
    });

    const sh = (vmid: number, ...argv: string[]) => d.guestExec(vmid, argv);

    it('writes a file with its mode, replaces it, and a program in the guest reads it back', async () => {
      const vmid = await cl.createVm({ name: 'guest-file', power: 'RUNNING' });
      await d.writeGuestFile(vmid, '/etc/motd', 'first\n', 0o644);
      await d.writeGuestFile(vmid, '/etc/motd', 'second\nline\n', 0o640);
      expect(await cl.guestFile(vmid, '/etc/motd')).toEqual({ content: 'second\nline\n', mode: 0o640 });
      expect(await sh(vmid, 'cat', '/etc/motd')).toEqual({ exitcode: 0, stdout: 'second\nline\n', stderr: '' });
      const missing = await sh(vmid, 'cat', '/etc/none');
      expect(missing).toMatchObject({ exitcode: 1, stdout: '' });
      expect(missing.stderr).toMatch(/No such file or directory/);
    });

    it('refuses a relative path, content over the agent’s limit, a bad mode and an empty command, writing nothing', async () => {
      const vmid = await cl.createVm({ name: 'guest-refusals', power: 'RUNNING' });
      await expectRefusal(d.writeGuestFile(vmid, 'etc/x', 'x', 0o600), 'BAD_PARAMETER', /absolute path/);
      await expectRefusal(
        d.writeGuestFile(vmid, '/etc/x', 'x'.repeat(GUEST_FILE_MAX_CHARS + 1), 0o600),
        'BAD_PARAMETER',
        /61440/,
      );
      await expectRefusal(d.writeGuestFile(vmid, '/etc/x', 'x', 0o10000), 'BAD_PARAMETER', /mode/);
      await expectRefusal(d.guestExec(vmid, []), 'BAD_PARAMETER', /command/);
      expect(await cl.guestFile(vmid, '/etc/x')).toBeNull();
      await expectRefusal(d.guestExec(999_999_000, ['cat', '/etc/x']), 'NOT_FOUND', /does not exist/);
    });

    it('refuses while the VM is stopped or its agent has not come up yet, in Proxmox’s words', async () => {
      const vmid = await cl.createVm({ name: 'guest-away' });
      await expectRefusal(d.writeGuestFile(vmid, CONF, 'x', 0o600), 'INVALID_STATE', new RegExp(`^VM ${vmid} is not running$`));
      await expectRefusal(d.guestExec(vmid, ['wg']), 'INVALID_STATE', /is not running/);
      await cl.setAgentDelay(3_600_000);
      try {
        expect((await waitTask(d, await d.power(vmid, 'start'))).state).toBe('ok');
        await expectRefusal(d.writeGuestFile(vmid, CONF, 'x', 0o600), 'INVALID_STATE', /^QEMU guest agent is not running$/);
      } finally {
        await cl.setAgentDelay(0);
      }
      await d.writeGuestFile(vmid, CONF, 'x', 0o600);
      expect(await cl.guestFile(vmid, CONF)).toEqual({ content: 'x', mode: 0o600 });
    });

    it('answers a failing program with its exit code and a program the guest lacks with BAD_PARAMETER', async () => {
      const vmid = await cl.createVm({ name: 'guest-programs', power: 'RUNNING' });
      const r = await sh(vmid, 'systemctl', 'start', 'nginx');
      expect(r.exitcode).toBe(5);
      expect(r.stderr).toMatch(/Unit nginx\.service not found/);
      await expectRefusal(sh(vmid, 'rm', '-rf', '/'), 'BAD_PARAMETER', /Failed to execute child process/);
    });

    it('feeds the input to the program: wg pubkey derives the public key', async () => {
      const vmid = await cl.createVm({ name: 'guest-input', power: 'RUNNING' });
      expect(await d.guestExec(vmid, ['wg', 'pubkey'], `${server.privateKey}\n`)).toEqual({
        exitcode: 0,
        stdout: `${server.publicKey}\n`,
        stderr: '',
      });
      expect((await d.guestExec(vmid, ['wg', 'pubkey'], 'not a key\n')).exitcode).toBe(1);
    });

    it('brings WireGuard up from wg0.conf and takes a changed peer list on reload', async () => {
      const vmid = await cl.createVm({ name: 'guest-wg', power: 'RUNNING' });
      expect((await sh(vmid, 'wg', 'show', 'wg0', 'public-key')).stderr).toMatch(/No such device/);
      await d.writeGuestFile(vmid, CONF, wgConf([peerA.publicKey]), 0o600);
      expect((await sh(vmid, 'systemctl', 'enable', 'wg-quick@wg0')).exitcode).toBe(0);
      expect((await sh(vmid, 'systemctl', 'reload-or-restart', 'wg-quick@wg0')).exitcode).toBe(0);
      expect(await sh(vmid, 'systemctl', 'is-active', 'wg-quick@wg0')).toMatchObject({ exitcode: 0, stdout: 'active\n' });
      expect((await sh(vmid, 'wg', 'show', 'wg0', 'public-key')).stdout).toBe(`${server.publicKey}\n`);
      expect((await sh(vmid, 'wg', 'show', 'wg0', 'listen-port')).stdout).toBe('51820\n');

      await d.writeGuestFile(vmid, CONF, wgConf([peerA.publicKey, peerB.publicKey]), 0o600);
      // Written but not reloaded: the interface still has the old peers.
      expect((await sh(vmid, 'wg', 'show', 'wg0', 'peers')).stdout).toBe(`${peerA.publicKey}\n`);
      expect((await sh(vmid, 'systemctl', 'reload-or-restart', 'wg-quick@wg0')).exitcode).toBe(0);
      expect((await sh(vmid, 'wg', 'show', 'wg0', 'allowed-ips')).stdout).toBe(
        `${peerA.publicKey}\t10.99.0.2/32 fd99::2/128\n${peerB.publicKey}\t10.99.0.3/32 fd99::3/128\n`,
      );
      const strip = await sh(vmid, 'wg-quick', 'strip', 'wg0');
      expect(strip.exitcode).toBe(0);
      expect(strip.stdout).not.toMatch(/Address/);
      expect(strip.stdout).toContain(`PublicKey = ${peerB.publicKey}`);
    });

    it('keeps a configuration that wg refuses out of the running interface', async () => {
      const vmid = await cl.createVm({ name: 'guest-wg-bad', power: 'RUNNING' });
      await d.writeGuestFile(vmid, CONF, wgConf([peerA.publicKey]), 0o600);
      expect((await sh(vmid, 'systemctl', 'enable', '--now', 'wg-quick@wg0')).exitcode).toBe(0);
      await d.writeGuestFile(vmid, CONF, wgConf(['not-a-key=']), 0o600);
      const reload = await sh(vmid, 'systemctl', 'reload', 'wg-quick@wg0');
      expect(reload.exitcode).not.toBe(0);
      expect(reload.stderr).toMatch(/wg-quick@wg0\.service failed/);
      expect((await sh(vmid, 'wg', 'show', 'wg0', 'peers')).stdout).toBe(`${peerA.publicKey}\n`);
    });

    it('comes back up from the file after a reboot only when the unit is enabled', async () => {
      const enabled = await cl.createVm({ name: 'guest-boot-on', power: 'RUNNING' });
      const manual = await cl.createVm({ name: 'guest-boot-off', power: 'RUNNING' });
      for (const vmid of [enabled, manual]) await d.writeGuestFile(vmid, CONF, wgConf([peerA.publicKey]), 0o600);
      await sh(enabled, 'systemctl', 'enable', '--now', 'wg-quick@wg0');
      await sh(manual, 'systemctl', 'start', 'wg-quick@wg0');
      expect((await sh(manual, 'systemctl', 'is-active', 'wg-quick@wg0')).stdout).toBe('active\n');
      for (const vmid of [enabled, manual]) expect((await waitTask(d, await d.power(vmid, 'reboot'))).state).toBe('ok');
      expect((await sh(enabled, 'wg', 'show', 'wg0', 'peers')).stdout).toBe(`${peerA.publicKey}\n`);
      expect(await sh(manual, 'systemctl', 'is-active', 'wg-quick@wg0')).toMatchObject({ exitcode: 3, stdout: 'inactive\n' });
    });
  });
}
