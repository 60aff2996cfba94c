/**
 * The claims an owner can grant, grouped as the claims editor shows them: menus, billing, VM
 * settings and logs (spec 1 §6; billing is ours). Every customer claim is in exactly one group.
 */
import { CUSTOMER_CLAIMS, type Claim } from '../constants';

export type ClaimGroupKey = 'menus' | 'billing' | 'vm_settings' | 'logs';

export interface ClaimGroup {
  key: ClaimGroupKey;
  claims: Claim[];
}

/** The group a customer claim belongs to. */
export function claimGroupOf(claim: string): ClaimGroupKey {
  if (claim.startsWith('vm-settings-')) return 'vm_settings';
  if (claim.startsWith('logs-')) return 'logs';
  if (claim.startsWith('billing-')) return 'billing';
  return 'menus';
}

/** The customer claims in their groups, in the order of CUSTOMER_CLAIMS. */
export function claimGroups(claims: readonly string[] = CUSTOMER_CLAIMS): ClaimGroup[] {
  const order: ClaimGroupKey[] = ['menus', 'billing', 'vm_settings', 'logs'];
  return order
    .map((key) => ({ key, claims: claims.filter((c): c is Claim => claimGroupOf(c) === key) }))
    .filter((g) => g.claims.length > 0);
}

/** What a claims editor must send: the claims to grant and those to revoke. */
export function claimChanges(before: readonly string[], after: readonly string[]): { grant: string[]; revoke: string[] } {
  const was = new Set(before);
  const now = new Set(after);
  return { grant: [...now].filter((c) => !was.has(c)), revoke: [...was].filter((c) => !now.has(c)) };
}
