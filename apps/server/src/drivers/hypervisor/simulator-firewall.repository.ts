/**
 * The simulated cluster's firewalls and IP sets (migration 0031): the SQL of simulator-firewall.ts,
 * and what a `fwupdate` task does when it ends (called by endTask in simulator.repository.ts,
 * which then marks the task ended).
 */
import type pg from 'pg';
import type { ClusterIpset, FirewallOptions, FirewallRuleSpec } from './hypervisor.js';

/** What a fwupdate task carries: the VM's new rules and inbound policy. */
export interface FirewallParams {
  rules: FirewallRuleSpec[];
  policyIn: 'ACCEPT' | 'DROP';
}

/** A due fwupdate task as the simulator's settle hands it over (simulator.repository.ts DueTask). */
interface DueFirewallTask {
  vmid: number | null;
  fail_message: string | null;
  params: Record<string, unknown>;
}

interface RuleRow {
  action: 'ACCEPT' | 'DROP';
  source: string;
  proto: 'tcp' | 'udp' | 'icmp' | null;
  sport: string;
  dport: string;
  comment: string;
}

/** The VM's firewall switches; off with policy DROP when it never had any (Proxmox's defaults). */
export async function firewallOptions(c: pg.PoolClient, vmid: number): Promise<FirewallOptions> {
  const r = await c.query<{ enabled: boolean; policy_in: 'ACCEPT' | 'DROP' }>(
    `SELECT enabled, policy_in FROM sim_firewall_options WHERE vmid = $1`,
    [vmid],
  );
  const row = r.rows[0];
  return row ? { enabled: row.enabled, policyIn: row.policy_in } : { enabled: false, policyIn: 'DROP' };
}

/** The VM's inbound rules in order. */
export async function firewallRules(c: pg.PoolClient, vmid: number): Promise<FirewallRuleSpec[]> {
  const r = await c.query<RuleRow>(
    `SELECT action, source, proto, sport, dport, comment FROM sim_firewall_rules WHERE vmid = $1 ORDER BY pos`,
    [vmid],
  );
  return r.rows.map((x) => ({ ...x }));
}

/**
 * Replaces the VM's rules, sets the policy and switches the firewall on, in the caller's
 * transaction (all or nothing).
 */
export async function replaceFirewall(c: pg.PoolClient, vmid: number, p: FirewallParams): Promise<void> {
  await c.query(`DELETE FROM sim_firewall_rules WHERE vmid = $1`, [vmid]);
  if (p.rules.length) {
    await c.query(
      `INSERT INTO sim_firewall_rules (vmid, pos, action, source, proto, sport, dport, comment)
       SELECT $1, e.n - 1, e.r->>'action', e.r->>'source', e.r->>'proto', e.r->>'sport', e.r->>'dport', e.r->>'comment'
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(r, n)`,
      [vmid, JSON.stringify(p.rules)],
    );
  }
  await c.query(
    `INSERT INTO sim_firewall_options (vmid, enabled, policy_in) VALUES ($1, true, $2)
     ON CONFLICT (vmid) DO UPDATE SET enabled = true, policy_in = EXCLUDED.policy_in`,
    [vmid, p.policyIn],
  );
}

/**
 * Which of `names` are IP sets, each locked against removal until the transaction ends (so a
 * checked rule never loses its set before it is written).
 */
export async function existingIpsets(c: pg.PoolClient, names: string[]): Promise<Set<string>> {
  if (!names.length) return new Set();
  const r = await c.query<{ name: string }>(`SELECT name FROM sim_ipsets WHERE name = ANY($1) FOR KEY SHARE`, [names]);
  return new Set(r.rows.map((x) => x.name));
}

/** The IP sets whose name starts with `prefix`, by name, each with its entries sorted. */
export async function listIpsets(c: pg.Pool | pg.PoolClient, prefix: string): Promise<ClusterIpset[]> {
  const r = await c.query<{ name: string; comment: string; cidrs: string[] }>(
    `SELECT s.name, s.comment, COALESCE(array_agg(e.cidr::text) FILTER (WHERE e.cidr IS NOT NULL), '{}') AS cidrs
       FROM sim_ipsets s LEFT JOIN sim_ipset_entries e ON e.name = s.name
      WHERE left(s.name, length($1)) = $1
      GROUP BY s.name, s.comment ORDER BY s.name COLLATE "C"`,
    [prefix],
  );
  return r.rows.map((x) => ({ name: x.name, comment: x.comment, cidrs: x.cidrs }));
}

/** The entries of IP set `name` as PostgreSQL writes them (a single address with its /32 or /128). */
export async function ipsetEntries(c: pg.PoolClient, name: string): Promise<string[]> {
  const r = await c.query<{ cidr: string }>(`SELECT cidr::text AS cidr FROM sim_ipset_entries WHERE name = $1`, [name]);
  return r.rows.map((x) => x.cidr);
}

/** Creates the IP set or makes its comment and entries exactly these. */
export async function writeIpset(c: pg.PoolClient, set: ClusterIpset): Promise<void> {
  await c.query(
    `INSERT INTO sim_ipsets (name, comment) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET comment = EXCLUDED.comment`,
    [set.name, set.comment],
  );
  await c.query(`DELETE FROM sim_ipset_entries WHERE name = $1 AND NOT (cidr = ANY($2::cidr[]))`, [set.name, set.cidrs]);
  await c.query(`INSERT INTO sim_ipset_entries (name, cidr) SELECT $1, x FROM unnest($2::cidr[]) x ON CONFLICT DO NOTHING`, [
    set.name,
    set.cidrs,
  ]);
}

/**
 * The VMs whose rules, applied or still being saved (a running fwupdate task), name IP set
 * `name`; the set's row is locked first, so no rule starts naming it meanwhile.
 */
export async function ipsetUsers(c: pg.PoolClient, name: string): Promise<number[]> {
  await c.query(`SELECT 1 FROM sim_ipsets WHERE name = $1 FOR UPDATE`, [name]);
  const r = await c.query<{ vmid: number }>(
    `SELECT vmid FROM sim_firewall_rules WHERE ipset = $1
     UNION
     SELECT vmid FROM sim_tasks t WHERE t.type = 'fwupdate' AND t.state = 'running'
        AND EXISTS (SELECT 1 FROM jsonb_array_elements(t.params->'rules') x WHERE x->>'source' = '+' || $1)
     ORDER BY 1`,
    [name],
  );
  return r.rows.map((x) => x.vmid);
}

/** Removes IP set `name` and its entries. */
export async function removeIpset(c: pg.PoolClient, name: string): Promise<void> {
  await c.query(`DELETE FROM sim_ipsets WHERE name = $1`, [name]);
}

/**
 * Applies an ended fwupdate task: its rules and policy when ok and the VM still exists. When an IP
 * set it names is gone by then, the task fails instead (its failure text is set on `t`, which
 * endTask then records).
 */
export async function endFirewallTask(c: pg.PoolClient, t: DueFirewallTask): Promise<void> {
  if (t.fail_message !== null || t.vmid === null) return;
  const p = t.params as unknown as FirewallParams;
  if (!(await c.query(`SELECT 1 FROM sim_vms WHERE vmid = $1`, [t.vmid])).rowCount) return;
  const named = [...new Set(p.rules.filter((r) => r.source.startsWith('+')).map((r) => r.source.slice(1)))];
  const have = await existingIpsets(c, named);
  const missing = named.find((n) => !have.has(n));
  if (missing !== undefined) {
    t.fail_message = `no such ipset '${missing}'`;
    return;
  }
  await replaceFirewall(c, t.vmid, p);
}
