/**
 * The simulator's firewall and cluster IP sets (issue 15; see {@link HypervisorFirewallDriver}).
 * Being built: every method refuses until the simulator's rule tables land.
 */
import { HypervisorError, type HypervisorFirewallDriver } from './hypervisor.js';
import type { SimCore } from './simulator-create.js';

export function simulatorFirewall(_core: SimCore): HypervisorFirewallDriver {
  const refuse = () => Promise.reject(new HypervisorError('BAD_PARAMETER', 'the simulated firewall is not built yet'));
  return {
    firewallRules: refuse,
    firewallOptions: refuse,
    setFirewall: refuse,
    ipsets: refuse,
    setIpset: refuse,
    deleteIpset: refuse,
  };
}
