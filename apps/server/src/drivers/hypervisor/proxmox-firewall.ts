/**
 * The firewall of a VM and the cluster's IP sets on Proxmox VE (issue 15; see
 * {@link HypervisorFirewallDriver}). Being built: every method refuses until it lands.
 */
import { HypervisorError, type HypervisorFirewallDriver } from './hypervisor.js';
import type { PveDataCore } from './proxmox-data.js';

export function proxmoxFirewall(_core: PveDataCore): HypervisorFirewallDriver {
  const refuse = () => Promise.reject(new HypervisorError('BAD_PARAMETER', 'the Proxmox firewall is not built yet'));
  return {
    firewallRules: refuse,
    firewallOptions: refuse,
    setFirewall: refuse,
    ipsets: refuse,
    setIpset: refuse,
    deleteIpset: refuse,
  };
}
