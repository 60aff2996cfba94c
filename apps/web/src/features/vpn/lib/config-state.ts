/**
 * Where a VPN server's configuration stands, as the page says it: 'applied' once the server runs
 * the newest revision of its peers, 'applying' while a push is on its way, 'waiting' while the
 * server cannot take it (stopped, or its last push did not get through: it is retried).
 */
import type { VpnServer } from '@portside/contract/schemas/vpn';

export type ConfigState = 'applied' | 'applying' | 'waiting';

/** How often the list is read again while a server's configuration is not applied, ms. */
export const APPLYING_POLL_MS = 3_000;

export function configState(
  s: Pick<VpnServer, 'config_revision' | 'applied_revision' | 'power_status' | 'push_error'>,
): ConfigState {
  if (s.applied_revision >= s.config_revision) return 'applied';
  return s.power_status !== 'RUNNING' || s.push_error ? 'waiting' : 'applying';
}

/** Whether any server's configuration is still on its way (the list is polled meanwhile). */
export function anyPending(servers: readonly VpnServer[] | undefined): boolean {
  return (servers ?? []).some((s) => configState(s) !== 'applied');
}
