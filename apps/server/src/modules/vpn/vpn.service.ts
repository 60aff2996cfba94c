/**
 * A customer's peers of their VPN servers (issue 17): VpnPeerAdd and VpnPeerDelete. Each call locks
 * the server's row (so two adds never pass the limit or take one address together), checks in the
 * caller's tenant scope — another account's server, or a server that is no VPN server, is the VM
 * calls' NotFound — counts the change, and after the commit asks a worker to push the server's new
 * configuration (the vpn.sweep job sends it should that request be lost). The server's key pair is
 * made here when the worker has not made it yet, so a new peer's configuration can be shown at once.
 */
import { VPN_PEERS_MAX, vpnEndpoint, vpnFreeHost, vpnPeerAddresses } from '@portside/contract/rules/vpn';
import type { VpnPeerAddAnswer, VpnPeerAddBody, VpnPeerDeleteBody } from '@portside/contract/schemas/vpn';
import { AppError } from '../../http/errors.js';
import { JobName } from '../../jobs/job-types.js';
import type { Tx } from '../../db/database.js';
import type { UserCtx } from '../../routes/handler-context.js';
import { errorField } from '../../logger.js';
import { sealedKeyPair } from './vpn-push.js';
import * as repo from './vpn.repository.js';

const notFound = (id: number) =>
  new AppError('NotFound', { hint: 'No server with this id in your account', details: `p_provisioned_id: ${id}` });

/** The caller's VPN server, locked, or NotFound. */
async function ownServer(tx: Tx, id: number): Promise<repo.VpnServerRef> {
  const s = await repo.lockServer(tx, id);
  if (!s) throw notFound(id);
  return s;
}

/** Asks a worker to push the server's configuration; a lost request is the sweep's. */
async function requestPush(u: UserCtx, id: number): Promise<void> {
  await u.jobs
    .send(JobName.VpnPush, { provisionedId: id })
    .catch((e: unknown) => u.log.warn({ err: errorField(e), provisionedId: id }, 'VPN push not queued; the sweep sends it'));
}

/** VpnPeerAdd: a peer with a name unique on the server and its own public key, at the lowest free address. */
export async function addPeer(u: UserCtx, b: VpnPeerAddBody): Promise<VpnPeerAddAnswer> {
  const id = b.p_provisioned_id;
  const answer = await u.tenant(async (tx) => {
    const server = await ownServer(tx, id);
    let serverKey = server.public_key;
    if (!serverKey) {
      const key = sealedKeyPair(u.secrets.dataKey);
      await repo.setServerKey(tx, id, key.sealed, key.publicKey);
      serverKey = key.publicKey;
    }
    const peers = await repo.peersOf(tx, id);
    if (peers.length >= VPN_PEERS_MAX) throw new AppError('VPN_PEER_LIMIT', { details: `p_provisioned_id: ${id}` });
    if (peers.some((p) => p.name.toLowerCase() === b.p_name.toLowerCase()))
      throw new AppError('VPN_PEER_NAME_TAKEN', { details: `p_name: ${b.p_name}` });
    if (b.p_public_key === serverKey || peers.some((p) => p.public_key === b.p_public_key))
      throw new AppError('VPN_PEER_KEY_TAKEN', { details: 'p_public_key' });
    const host = vpnFreeHost(peers.map((p) => p.host));
    if (host === null) throw new AppError('VPN_PEER_LIMIT', { details: `p_provisioned_id: ${id}` });
    const made = await repo.insertPeer(tx, { id, name: b.p_name, publicKey: b.p_public_key, host });
    const revision = await repo.bumpRevision(tx, id);
    const address = vpnPeerAddresses(host);
    return {
      id: made.id,
      provisioned_id: id,
      name: b.p_name,
      public_key: b.p_public_key,
      address_v4: address.ipv4,
      address_v6: address.ipv6,
      created_at: made.created_at,
      server_public_key: serverKey,
      endpoint: vpnEndpoint(server.ipv4, server.ipv6),
      config_revision: revision,
    };
  });
  await requestPush(u, id);
  return answer;
}

/** VpnPeerDelete: the peer removed from the server; the server stops accepting it once the push is applied. */
export async function deletePeer(u: UserCtx, b: VpnPeerDeleteBody): Promise<{ success: true; config_revision: number }> {
  const id = b.p_provisioned_id;
  const revision = await u.tenant(async (tx) => {
    await ownServer(tx, id);
    if (!(await repo.deletePeer(tx, id, b.p_peer))) throw new AppError('VPN_PEER_NOT_FOUND', { details: `p_peer: ${b.p_peer}` });
    return repo.bumpRevision(tx, id);
  });
  await requestPush(u, id);
  return { success: true, config_revision: revision };
}
