/**
 * The VPN server's side of its peers (issue 17): the vpn.push job writes the server's
 * /etc/wireguard/wg0.conf (contract rules/vpn.ts) through the guest agent, makes wg-quick@wg0 start
 * at boot, reloads it (`systemctl reload-or-restart`: wg-quick's reload is `wg syncconf wg0
 * <(wg-quick strip wg0)`, so the tunnels of the other peers stay up), and reads back what the
 * interface runs (its public key, each peer's allowed IPs) before it counts the revision applied.
 *
 * Durable and idempotent: the push holds the server's lease (one worker per server), writes the
 * whole file each time, and pushes again under the same lease when the peers changed while it ran.
 * A guest that is away (VM stopped, agent not up yet) fails the run, which the queue retries with
 * backoff; the vpn.sweep job sends the pushes still due every 30 s (new VPN servers, rebuilt ones,
 * retries given up). The key pair is made here when the server has none yet (the demo seed has no
 * data key); its private key is opened only for the write and never logged.
 */
import { VPN_CONFIG_PATH, VPN_INTERFACE, vpnPeerAddresses, vpnServerConfig } from '@portside/contract/rules/vpn';
import { openSecret, sealSecret } from '../../drivers/hypervisor/secret-box.js';
import type { HypervisorDriver } from '../../drivers/hypervisor/hypervisor.js';
import { generateWgKeyPair } from '../../drivers/hypervisor/wireguard-keys.js';
import { JobName, JobStatus, type JobDeps, type JobResult } from '../../jobs/job-types.js';
import * as repo from './vpn-push.repository.js';

const UNIT = `wg-quick@${VPN_INTERFACE}`;
/** Pushes again at most this often in one run while the peers keep changing. */
const MAX_ROUNDS = 5;
/** The sweep leaves a server alone this long after a push failed (the queue's retries have it). */
const SWEEP_QUIET_SECONDS = 60;

/** A new key pair, its private key sealed with the data key. */
export function sealedKeyPair(dataKey: Buffer): { sealed: string; publicKey: string } {
  const pair = generateWgKeyPair();
  return { sealed: sealSecret(dataKey, pair.privateKey), publicKey: pair.publicKey };
}

/** Runs a program in the guest; a non-zero exit is an error naming the command and its first line of complaint. */
async function must(driver: HypervisorDriver, vmid: number, argv: string[]): Promise<string> {
  const r = await driver.guestExec(vmid, argv);
  if (r.exitcode !== 0) {
    const said = (r.stderr || r.stdout).trim().split('\n')[0] ?? '';
    throw new Error(`${argv.join(' ')}: exit ${r.exitcode}${said ? `: ${said}` : ''}`);
  }
  return r.stdout;
}

/** `wg show … allowed-ips` as peer → its addresses, sorted. */
function allowedIps(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n').filter(Boolean)) {
    const [peer, ips = ''] = line.split('\t');
    out.set(
      peer!,
      ips
        .split(' ')
        .filter((x) => x && x !== '(none)')
        .sort()
        .join(' '),
    );
  }
  return out;
}

/** Writes the configuration, (re)loads the interface and checks that it runs what was written. */
async function applyWireGuard(driver: HypervisorDriver, plan: repo.PushPlan, config: string): Promise<void> {
  await driver.writeGuestFile(plan.vmid, VPN_CONFIG_PATH, config, 0o600);
  await must(driver, plan.vmid, ['systemctl', 'enable', UNIT]);
  await must(driver, plan.vmid, ['systemctl', 'reload-or-restart', UNIT]);
  const key = (await must(driver, plan.vmid, ['wg', 'show', VPN_INTERFACE, 'public-key'])).trim();
  if (key !== plan.public_key) throw new Error(`${VPN_INTERFACE} runs with another key than the server's`);
  const running = allowedIps(await must(driver, plan.vmid, ['wg', 'show', VPN_INTERFACE, 'allowed-ips']));
  const wanted = new Map(
    plan.peers.map((p) => {
      const a = vpnPeerAddresses(p.host);
      return [p.public_key, [`${a.ipv4}/32`, `${a.ipv6}/128`].sort().join(' ')];
    }),
  );
  const same = running.size === wanted.size && [...wanted].every(([peer, ips]) => running.get(peer) === ips);
  if (!same) throw new Error(`${VPN_INTERFACE} runs ${running.size} peers, not the ${wanted.size} written`);
}

/** VpnPush: the server's configuration written into its guest until the guest runs the newest revision. */
export async function runVpnPush(deps: JobDeps, provisionedId: number): Promise<JobResult> {
  const makeKey = () => sealedKeyPair(deps.secrets.dataKey);
  let holding = false;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const plan = await repo.claimPush(deps.db.owner, provisionedId, makeKey, holding);
    if (plan.kind === 'gone') return { status: JobStatus.Skipped, detail: `server ${provisionedId} is no VPN server` };
    if (plan.kind === 'applied')
      return holding
        ? { status: JobStatus.Success, detail: `server ${provisionedId}: revision ${plan.revision} applied` }
        : { status: JobStatus.Skipped, detail: `server ${provisionedId}: revision ${plan.revision} applied already` };
    if (plan.kind === 'busy') return { status: JobStatus.Failed, detail: `server ${provisionedId}: another push is running` };
    holding = true;
    try {
      const driver = await deps.hypervisors.forCluster(plan.cluster_id);
      const privateKey = openSecret(deps.secrets.dataKey, plan.private_key_sealed);
      await applyWireGuard(driver, plan, vpnServerConfig({ server: plan.name, privateKey, peers: plan.peers }));
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      await repo.failPush(deps.db.owner, provisionedId, message);
      return { status: JobStatus.Failed, detail: `server ${provisionedId}: ${message}` };
    }
    const current = await repo.finishPush(deps.db.owner, provisionedId, plan.config_revision);
    if (current <= plan.config_revision)
      return {
        status: JobStatus.Success,
        detail: `server ${provisionedId}: revision ${plan.config_revision} applied, ${plan.peers.length} peers`,
      };
  }
  await repo.failPush(deps.db.owner, provisionedId, 'the peers kept changing while they were written');
  return { status: JobStatus.Failed, detail: `server ${provisionedId}: the peers kept changing` };
}

/** VpnSweep: a push sent for each VPN server whose configuration is due and that nobody is pushing. */
export async function runVpnSweep(deps: JobDeps): Promise<JobResult> {
  const due = await repo.duePushes(deps.db.owner, SWEEP_QUIET_SECONDS);
  for (const id of due) await deps.jobs.send(JobName.VpnPush, { provisionedId: id }, { singletonKey: `vpn-push-${id}` });
  return due.length
    ? { status: JobStatus.Success, detail: `${due.length} pushes sent` }
    : { status: JobStatus.Skipped, detail: 'no configuration due' };
}
