/**
 * The Firewall tab's draft (spec 1 §4 'Firewall rule', 'Hardware firewall changes are submitted as
 * one batch'): the saved rules are copied into a draft the user edits (add, edit, delete, reorder,
 * 'block everything else'); the whole draft is then submitted as one AddFirewallRule. Pure
 * functions, so the draft's rules are tested apart from the screen; the rules of one rule are the
 * contract's (rules/network, schemas/network firewallRuleInput).
 */
import type { LiveUpdateMessage } from '@portside/contract/hubs';
import type { FirewallAction, FirewallProtocol } from '@portside/contract/rules/network';
import type { AddFirewallRuleBody, FirewallRuleInput, FirewallRuleRow } from '@portside/contract/schemas/network';
import type { VmRow } from '@portside/contract/schemas/vms';

/** One rule of the draft: what the user sees and edits, before it is sent. */
export interface DraftRule {
  /** A stable React key: the saved row's id, or a key made when the rule was added. */
  key: string;
  /** The saved row's id, or null for a rule added in this draft. */
  id: number | null;
  /** An address or CIDR block in canonical text; '' for all. Ignored when `source_ipset` is set. */
  source: string;
  /** An IP set attached to the server, as the source instead of `source`. */
  source_ipset: number | null;
  /** The IP set's name (shown; the server names it anew). */
  source_ipset_name: string | null;
  sport: string;
  dport: string;
  proto: FirewallProtocol;
  action: FirewallAction;
  comment: string;
}

/** The draft of one server's firewall: its rules in order, 'block everything else', and what it was made from. */
export interface FirewallDraft {
  rules: DraftRule[];
  blockOthers: boolean;
  /** The firewall_revision the draft was made from: a save over a newer one is refused (FIREWALL_CHANGED). */
  revision: number;
}

/** A saved row as a draft rule. */
export function ruleOfRow(row: FirewallRuleRow): DraftRule {
  return {
    key: `saved-${row.id}`,
    id: row.id,
    source: row.source,
    source_ipset: row.source_ipset,
    source_ipset_name: row.source_ipset_name,
    sport: row.sport,
    dport: row.dport,
    proto: row.proto,
    action: row.action,
    comment: row.comment,
  };
}

/** The draft the saved state gives: the rows in their order (by pos), the server's switch and revision. */
export function draftOf(
  rows: readonly FirewallRuleRow[],
  vm: Pick<VmRow, 'firewall_block_others' | 'firewall_revision'>,
): FirewallDraft {
  return {
    rules: [...rows].sort((a, b) => a.pos - b.pos).map(ruleOfRow),
    blockOthers: vm.firewall_block_others,
    revision: vm.firewall_revision,
  };
}

/** What a rule says, without its key and saved id: two rules that say the same are the same rule. */
function meaning(r: DraftRule): string {
  const source = r.source_ipset !== null ? `ipset:${r.source_ipset}` : `ip:${r.source}`;
  return [source, r.sport, r.dport, r.proto, r.action, r.comment].join('\u0000');
}

/** Whether the draft says something else than the saved state (another rule, order or switch). */
export function draftDiffers(draft: FirewallDraft, saved: FirewallDraft): boolean {
  if (draft.blockOthers !== saved.blockOthers || draft.rules.length !== saved.rules.length) return true;
  return draft.rules.some((r, i) => meaning(r) !== meaning(saved.rules[i]!));
}

/** Whether one rule of the draft differs from the saved rule it came from (new rules always do). */
export function ruleChanged(rule: DraftRule, saved: FirewallDraft): boolean {
  if (rule.id === null) return true;
  const was = saved.rules.find((r) => r.id === rule.id);
  return !was || meaning(was) !== meaning(rule);
}

/** The rules with the one at `from` moved to `to` (indexes clamped to the list). */
export function moveRule<T>(rules: readonly T[], from: number, to: number): T[] {
  const last = rules.length - 1;
  if (last < 0) return [];
  const a = Math.min(Math.max(from, 0), last);
  const b = Math.min(Math.max(to, 0), last);
  const next = [...rules];
  const [moved] = next.splice(a, 1);
  next.splice(b, 0, moved!);
  return next;
}

/** A rule as AddFirewallRule takes it: an IP set or an address, and only what is given. */
export function inputOfRule(r: DraftRule): FirewallRuleInput {
  const out: FirewallRuleInput = { proto: r.proto, action: r.action };
  if (r.source_ipset !== null) out.source_ipset = r.source_ipset;
  else if (r.source !== '') out.source = r.source;
  if (r.sport !== '') out.sport = r.sport;
  if (r.dport !== '') out.dport = r.dport;
  if (r.comment !== '') out.comment = r.comment;
  return out;
}

/** The body of AddFirewallRule for a draft: the whole list in order, the switch, the draft's revision. */
export function saveBodyOf(provisionedId: number, draft: FirewallDraft): AddFirewallRuleBody {
  return {
    p_provisioned_id: provisionedId,
    p_rules: draft.rules.map(inputOfRule),
    p_block_others: draft.blockOthers,
    p_revision: draft.revision,
  };
}

/** Where the saved rules stand on the cluster. */
export type ApplyState = 'applied' | 'saving' | 'failed';

/**
 * 'saving' while the batch runs (the server reports the operation, or the cluster's revision is
 * behind and an operation of any kind still runs); 'failed' when the cluster stays behind with no
 * operation left; else 'applied'.
 */
export function applyStateOf(vm: Pick<VmRow, 'operation' | 'firewall_revision' | 'firewall_applied_revision'>): ApplyState {
  if (vm.operation === 'firewall') return 'saving';
  if (vm.firewall_applied_revision >= vm.firewall_revision) return 'applied';
  return vm.operation === null ? 'failed' : 'saving';
}

/** Whether a live message is about the firewall batch (it travels on the power hub with the VM's other operations). */
export function isFirewallMessage(m: Pick<LiveUpdateMessage, 'text_key'>): boolean {
  return (m.text_key ?? '').includes('ops.firewall');
}

/** A new key for a rule added to the draft. */
export function newRuleKey(): string {
  return `new-${crypto.randomUUID()}`;
}
