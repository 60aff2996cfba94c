import { describe, expect, it } from 'vitest';
import { addFirewallRuleSchema, type FirewallRuleRow } from '@portside/contract/schemas/network';
import {
  applyStateOf,
  draftDiffers,
  draftOf,
  inputOfRule,
  isFirewallMessage,
  moveRule,
  ruleChanged,
  saveBodyOf,
  type DraftRule,
} from './firewall-draft';

function row(id: number, pos: number, over: Partial<FirewallRuleRow> = {}): FirewallRuleRow {
  return {
    id,
    provisioned_id: 7,
    pos,
    source: '',
    source_ipset: null,
    source_ipset_name: null,
    sport: '',
    dport: '22',
    proto: 'tcp',
    action: 'ACCEPT',
    comment: '',
    applied: true,
    created_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

const vm = { firewall_block_others: false, firewall_revision: 4 };

describe('the firewall draft', () => {
  it('is made from the saved rows in their order, with the switch and the revision', () => {
    const d = draftOf([row(2, 2, { dport: '443' }), row(1, 1)], vm);
    expect(d.rules.map((r) => [r.id, r.dport])).toEqual([
      [1, '22'],
      [2, '443'],
    ]);
    expect(d.blockOthers).toBe(false);
    expect(d.revision).toBe(4);
  });

  it('differs from the saved state after a move, an edit, a removal or the switch, and not after moving back', () => {
    const saved = draftOf([row(1, 1), row(2, 2, { dport: '443' })], vm);
    const moved = { ...saved, rules: moveRule(saved.rules, 0, 1) };
    expect(draftDiffers(moved, saved)).toBe(true);
    expect(draftDiffers({ ...moved, rules: moveRule(moved.rules, 1, 0) }, saved)).toBe(false);
    const edited = { ...saved, rules: saved.rules.map((r) => (r.id === 2 ? { ...r, action: 'DROP' as const } : r)) };
    expect(draftDiffers(edited, saved)).toBe(true);
    expect(ruleChanged(edited.rules[1]!, saved)).toBe(true);
    expect(ruleChanged(edited.rules[0]!, saved)).toBe(false);
    expect(draftDiffers({ ...saved, rules: saved.rules.slice(1) }, saved)).toBe(true);
    expect(draftDiffers({ ...saved, blockOthers: true }, saved)).toBe(true);
  });

  it('counts a new rule as changed even when it says what a saved one says', () => {
    const saved = draftOf([row(1, 1)], vm);
    const copy: DraftRule = { ...saved.rules[0]!, key: 'new-1', id: null };
    expect(ruleChanged(copy, saved)).toBe(true);
  });

  it('moves a rule with indexes clamped to the list', () => {
    expect(moveRule(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveRule(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveRule([], 0, 1)).toEqual([]);
  });

  it('sends an IP set instead of an address, and leaves out what is empty', () => {
    const [a, b] = draftOf(
      [
        row(1, 1, { source: '203.0.113.0/24', sport: '', comment: 'office' }),
        row(2, 2, { source_ipset: 9, source_ipset_name: 'ops', dport: '' }),
      ],
      vm,
    ).rules;
    expect(inputOfRule(a!)).toEqual({ source: '203.0.113.0/24', dport: '22', proto: 'tcp', action: 'ACCEPT', comment: 'office' });
    expect(inputOfRule(b!)).toEqual({ source_ipset: 9, proto: 'tcp', action: 'ACCEPT' });
  });

  it('saves the whole list with the revision the draft was made from, in a body the contract accepts', () => {
    const d = draftOf([row(1, 1), row(2, 2, { proto: 'icmp', dport: '', action: 'DROP' })], vm);
    const body = saveBodyOf(7, { ...d, blockOthers: true });
    expect(body).toMatchObject({ p_provisioned_id: 7, p_block_others: true, p_revision: 4 });
    expect(body.p_rules).toHaveLength(2);
    expect(addFirewallRuleSchema.safeParse(body).success).toBe(true);
  });
});

describe('where the saved rules stand on the cluster', () => {
  const at = (operation: string | null, revision: number, applied: number) =>
    applyStateOf({ operation: operation as never, firewall_revision: revision, firewall_applied_revision: applied });

  it('is saving while the batch runs, or while the cluster is behind and another operation runs', () => {
    expect(at('firewall', 5, 4)).toBe('saving');
    expect(at('firewall', 5, 5)).toBe('saving');
    expect(at('backup-now', 5, 4)).toBe('saving');
  });

  it('has failed when the cluster stays behind with no operation left, and is applied when it caught up', () => {
    expect(at(null, 5, 4)).toBe('failed');
    expect(at(null, 5, 5)).toBe('applied');
    expect(at('backup-now', 5, 5)).toBe('applied');
  });

  it('knows the batch by its messages on the power hub', () => {
    expect(isFirewallMessage({ text_key: 'terminal:ops.firewall.running' })).toBe(true);
    expect(isFirewallMessage({ text_key: 'terminal:ops.power.start' })).toBe(false);
    expect(isFirewallMessage({})).toBe(false);
  });
});
