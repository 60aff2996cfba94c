/**
 * The SQL of /unban-ip over the rate limiter's counters (rate_events, http/rate-limit.repository.ts):
 * the addresses banned now, and clearing one address's counters.
 */
import type { Tx } from '../../db/database.js';
import type { RatePolicy } from './rate-policies.js';

/** The kind and address of a `<kind>:ip:<address>` key (':ip:' cannot occur in an address). */
const IP_KEY_KIND = `left(r.key, position(':ip:' in r.key) - 1)`;
const IP_KEY_ADDRESS = `substr(r.key, position(':ip:' in r.key) + 4)`;

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const int = (n: number) => {
  if (!Number.isInteger(n) || n < 0) throw new Error(`rate limit ${n} is not a whole number`);
  return String(n);
};

/**
 * BannedIPs: per address and kind, the failures within the kind's window once they reach its
 * per-address limit. The ban lasts until enough of the oldest have left the window: the
 * (failures - limit + 1)-th oldest one's time plus the window.
 */
export function bannedSql(policies: readonly RatePolicy[]): string {
  const values = policies.map((p) => `(${literal(p.kind)}, ${int(p.perIp)}, ${int(p.windowSeconds)})`).join(', ');
  return `SELECT e.ip, e.kind, count(*)::int AS failures, p.per_ip AS max_failures, min(e.at) AS first_at,
      max(e.at) AS last_at,
      (array_agg(e.at ORDER BY e.at))[count(*) - p.per_ip + 1] + make_interval(secs => p.window_s) AS until
    FROM (SELECT ${IP_KEY_KIND} AS kind, ${IP_KEY_ADDRESS} AS ip, r.at FROM rate_events r WHERE r.key LIKE '%:ip:%') e
    JOIN (VALUES ${values}) AS p(kind, per_ip, window_s) ON p.kind = e.kind
    WHERE e.at > now() - make_interval(secs => p.window_s)
    GROUP BY e.ip, e.kind, p.per_ip, p.window_s
    HAVING count(*) >= p.per_ip`;
}

/**
 * Deletes every counter of `ip`: its own (`<kind>:ip:<ip>`) and those of its attempts on one
 * account (`<kind>:pair:<ip>:<account>`), of every kind. The accounts' own counters (failures from
 * every address, which only slow a login down) stay. Answers how many of the address's own
 * failures were still within a day (0: nothing was banned or counted).
 */
export async function clearAddress(tx: Tx, ip: string): Promise<number> {
  const r = await tx.query<{ own: number }>(
    `WITH gone AS (
       DELETE FROM rate_events r
        WHERE (position(':ip:' in r.key) > 0 AND ${IP_KEY_ADDRESS} = $1)
           OR substring(r.key from ':pair:(.*):[^:]*$') = $1
       RETURNING r.key)
     SELECT count(*) FILTER (WHERE key LIKE '%:ip:%')::int AS own FROM gone`,
    [ip],
  );
  return r.rows[0]?.own ?? 0;
}
