/**
 * A server's firewall (issue 15; spec 1 §4 'Firewall rule', §5 'Hardware firewall changes are
 * submitted as one batch and take about 40 seconds'). Saving is a VM operation ('firewall'): the
 * rules are written and the revision raised in the transaction that queues it, so the answer is
 * at once, one batch runs per server, and the job pushes what was saved (firewall-push.ts).
 */
import type { VmOperationAnswer } from '@portside/contract/schemas/vms';
import type { AddFirewallRuleBody } from '@portside/contract/schemas/network';
import { AppError } from '../../http/errors.js';
import type { Ctx, UserCtx } from '../../routes/handler-context.js';
import { requestAction } from '../vms/vms.service.js';
import * as repo from './firewall.repository.js';

type Caller = Pick<Ctx, 'jobs'> & Pick<UserCtx, 'tenant' | 'principal'>;

/** The draft was made from another revision than the saved one. */
function changed(have: number, sent: number) {
  return new AppError('FIREWALL_CHANGED', { details: `p_revision: ${sent}, saved: ${have}` });
}

/** AddFirewallRule: the server's whole rule list in order and 'block everything else', saved as one batch. */
export function saveFirewall(u: Caller, body: AddFirewallRuleBody): Promise<VmOperationAnswer> {
  const id = body.p_provisioned_id;
  return requestAction(u, u, id, 'firewall', {}, async (tx, vm) => {
    const state = await repo.firewallState(tx, id);
    if (state.revision !== body.p_revision) throw changed(state.revision, body.p_revision);
    const sets = [...new Set(body.p_rules.map((r) => r.source_ipset).filter((x): x is number => typeof x === 'number'))];
    const unattached = await repo.unattachedIpsets(tx, id, sets);
    if (unattached.length) throw new AppError('IPSET_NOT_ATTACHED', { details: `source_ipset: ${unattached.join(', ')}` });
    const revision = await repo.replaceRules(tx, vm, body.p_rules, body.p_block_others);
    return { params: { revision, rules: body.p_rules.length, block: body.p_block_others } };
  });
}

/** DeleteFirewallRule: rules of the server removed as one batch (the others keep their order). */
export function deleteFirewallRules(u: Caller, id: number, ids: number[], revision: number): Promise<VmOperationAnswer> {
  return requestAction(u, u, id, 'firewall', {}, async (tx) => {
    const state = await repo.firewallState(tx, id);
    if (state.revision !== revision) throw changed(state.revision, revision);
    const r = await repo.deleteRules(tx, id, ids);
    if ('missing' in r) throw new AppError('FIREWALL_RULE_NOT_FOUND', { details: `p_ids: ${r.missing.join(', ')}` });
    return { params: { revision: r.revision, rules: await repo.ruleCount(tx, id), block: state.block_others } };
  });
}
