/**
 * SQL of the servers' firewalls (migration 0030): the saved rules in order, 'block everything
 * else', the saved and applied revisions, and what a push to the cluster needs.
 */
import type { Tx } from '../../db/database.js';
import type { FirewallRuleInput } from '@portside/contract/schemas/network';

/** The server's saved firewall: its revision and 'block everything else'. */
export async function firewallState(tx: Tx, id: number): Promise<{ revision: number; block_others: boolean }> {
  const r = await tx.query<{ revision: number; block_others: boolean }>(
    `SELECT firewall_revision AS revision, firewall_block_others AS block_others FROM vms WHERE provisioned_id = $1`,
    [id],
  );
  return r.rows[0]!;
}

/** Of the IP sets given, those that are not attached to the server. */
export async function unattachedIpsets(tx: Tx, id: number, ipsetIds: number[]): Promise<number[]> {
  if (!ipsetIds.length) return [];
  const r = await tx.query<{ id: string }>(
    `SELECT x.id::text FROM unnest($2::bigint[]) x(id)
      WHERE NOT EXISTS (SELECT 1 FROM ipset_vms a WHERE a.ipset_id = x.id AND a.provisioned_id = $1)`,
    [id, ipsetIds],
  );
  return r.rows.map((row) => Number(row.id));
}

/** Replaces the server's rules and 'block everything else'; answers the new revision. */
export async function replaceRules(
  tx: Tx,
  vm: { provisioned_id: number; client_id: string },
  rules: FirewallRuleInput[],
  blockOthers: boolean,
): Promise<number> {
  await tx.query(`DELETE FROM firewall_rules WHERE provisioned_id = $1`, [vm.provisioned_id]);
  if (rules.length) {
    await tx.query(
      `INSERT INTO firewall_rules (client_id, provisioned_id, pos, source, source_ipset_id, sport, dport, proto, action, comment)
       SELECT $1, $2, r.pos, r.source, r.source_ipset, r.sport, r.dport, r.proto, r.action, r.comment
         FROM jsonb_to_recordset($3::jsonb)
           AS r(pos int, source text, source_ipset bigint, sport text, dport text, proto text, action text, comment text)`,
      [
        vm.client_id,
        vm.provisioned_id,
        JSON.stringify(
          rules.map((r, i) => ({
            pos: i + 1,
            source: r.source_ipset ? '' : (r.source ?? ''),
            source_ipset: r.source_ipset ?? null,
            sport: r.sport ?? '',
            dport: r.dport ?? '',
            proto: r.proto,
            action: r.action,
            comment: r.comment ?? '',
          })),
        ),
      ],
    );
  }
  return bump(tx, vm.provisioned_id, blockOthers);
}

async function bump(tx: Tx, id: number, blockOthers: boolean | null): Promise<number> {
  const r = await tx.query<{ revision: number }>(
    `UPDATE vms SET firewall_revision = firewall_revision + 1, firewall_block_others = coalesce($2, firewall_block_others)
      WHERE provisioned_id = $1 RETURNING firewall_revision AS revision`,
    [id, blockOthers],
  );
  return r.rows[0]!.revision;
}

/** Deletes rules of the server and numbers the rest 1, 2, ... again; answers the ids that were not its rules, or the new revision. */
export async function deleteRules(tx: Tx, id: number, ids: number[]): Promise<{ missing: number[] } | { revision: number }> {
  const found = await tx.query<{ id: string }>(
    `DELETE FROM firewall_rules WHERE provisioned_id = $1 AND id = ANY($2::bigint[]) RETURNING id::text`,
    [id, ids],
  );
  const gone = new Set(found.rows.map((r) => Number(r.id)));
  const missing = ids.filter((x) => !gone.has(x));
  if (missing.length) return { missing };
  await tx.query(
    `UPDATE firewall_rules f SET pos = n.pos FROM (
       SELECT id, row_number() OVER (ORDER BY pos) AS pos FROM firewall_rules WHERE provisioned_id = $1) n
      WHERE f.id = n.id AND f.pos <> n.pos`,
    [id],
  );
  return { revision: await bump(tx, id, null) };
}

/** How many rules the server has saved. */
export async function ruleCount(tx: Tx, id: number): Promise<number> {
  const r = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM firewall_rules WHERE provisioned_id = $1`, [id]);
  return r.rows[0]!.n;
}

/** A saved rule as the push reads it. */
export interface PushRule {
  source: string;
  source_ipset: number | null;
  sport: string;
  dport: string;
  proto: 'any' | 'tcp' | 'udp' | 'icmp';
  action: 'ACCEPT' | 'DROP';
  comment: string;
}

/** An IP set a pushed rule names, with its entries. */
export interface PushIpset {
  id: number;
  name: string;
  cidrs: string[];
}

/** What the firewall operation pushes: the rules in order, the policy, and the IP sets they name. */
export async function pushState(tx: Tx, id: number): Promise<{ rules: PushRule[]; blockOthers: boolean; ipsets: PushIpset[] }> {
  const rules = await tx.query<PushRule>(
    `SELECT source, source_ipset_id::int AS source_ipset, sport, dport, proto, action, comment
       FROM firewall_rules WHERE provisioned_id = $1 ORDER BY pos`,
    [id],
  );
  const state = await firewallState(tx, id);
  const ids = [...new Set(rules.rows.map((r) => r.source_ipset).filter((x): x is number => x !== null))];
  return { rules: rules.rows, blockOthers: state.block_others, ipsets: await ipsetsWithEntries(tx, ids) };
}

/** IP sets with their entries in canonical text, sorted. */
export async function ipsetsWithEntries(tx: Tx, ids: number[]): Promise<PushIpset[]> {
  if (!ids.length) return [];
  const r = await tx.query<PushIpset>(
    `SELECT s.id::int AS id, s.name,
        coalesce((SELECT array_agg(portside_cidr_text(e.cidr) ORDER BY e.cidr) FROM ipset_entries e WHERE e.ipset_id = s.id), '{}') AS cidrs
       FROM ipsets s WHERE s.id = ANY($1::bigint[]) ORDER BY s.id`,
    [ids],
  );
  return r.rows;
}

/** Records that the cluster has the rules of `revision` (never going back). */
export async function setApplied(tx: Tx, id: number, revision: number): Promise<void> {
  await tx.query(`UPDATE vms SET firewall_applied_revision = greatest(firewall_applied_revision, $2) WHERE provisioned_id = $1`, [
    id,
    revision,
  ]);
}

/** The IP sets some rule of a server on the cluster names (the ones the cluster must keep). */
export async function ipsetsInUseOnCluster(tx: Tx, clusterId: number): Promise<number[]> {
  const r = await tx.query<{ id: string }>(
    `SELECT DISTINCT r.source_ipset_id::text AS id FROM firewall_rules r JOIN vms v ON v.provisioned_id = r.provisioned_id
      WHERE v.cluster_id = $1 AND v.state <> 'deleted' AND r.source_ipset_id IS NOT NULL`,
    [clusterId],
  );
  return r.rows.map((row) => Number(row.id));
}

/** The clusters where some rule names the IP set (where its copy must follow its entries). */
export async function clustersUsingIpset(tx: Tx, ipsetId: number): Promise<number[]> {
  const r = await tx.query<{ cluster_id: number }>(
    `SELECT DISTINCT v.cluster_id FROM firewall_rules r JOIN vms v ON v.provisioned_id = r.provisioned_id
      WHERE r.source_ipset_id = $1 AND v.state <> 'deleted' ORDER BY v.cluster_id`,
    [ipsetId],
  );
  return r.rows.map((row) => row.cluster_id);
}
