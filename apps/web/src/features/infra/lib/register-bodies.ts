/**
 * The register forms' string values as the bodies of RegisterCluster, RegisterBmc and
 * RegisterRouter (and of the connection tests, which take the same fields): empty optional fields
 * are left out, the fields of the other driver are dropped, a cluster's nodes are split on commas
 * and spaces, the session switch becomes a boolean. The contract's schemas then check the body.
 */
export type ClusterField =
  'p_driver' | 'p_name' | 'p_location' | 'p_api_url' | 'p_token_id' | 'p_secret' | 'p_ca_pem' | 'p_nodes';
export type BmcField =
  'p_driver' | 'p_name' | 'p_address' | 'p_system_id' | 'p_username' | 'p_password' | 'p_use_session' | 'p_ca_pem';
export type RouterField = 'p_driver' | 'p_name' | 'p_location' | 'p_address' | 'p_username' | 'p_password' | 'p_ca_pem';

/** The fields whose value is sent as typed (secrets are never trimmed: a space may be part of one). */
function pick<F extends string>(v: Record<F, string>, fields: readonly F[], raw: readonly F[] = []): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const f of fields) {
    const value = raw.includes(f) ? v[f] : v[f].trim();
    if (value !== '') out[f] = value;
  }
  return out;
}

export const EMPTY_CLUSTER: Record<ClusterField, string> = {
  p_driver: 'proxmox',
  p_name: '',
  p_location: '',
  p_api_url: '',
  p_token_id: '',
  p_secret: '',
  p_ca_pem: '',
  p_nodes: '',
};

export function clusterBody(v: Record<ClusterField, string>): Record<string, unknown> {
  const common = pick(v, ['p_driver', 'p_name', 'p_location']);
  if (v.p_driver === 'simulator') {
    const nodes = v.p_nodes.split(/[\s,]+/).filter((n) => n !== '');
    return { ...common, ...(nodes.length ? { p_nodes: nodes } : {}) };
  }
  return { ...common, ...pick(v, ['p_api_url', 'p_token_id', 'p_secret', 'p_ca_pem'], ['p_secret']) };
}

export const EMPTY_BMC: Record<BmcField, string> = {
  p_driver: 'redfish',
  p_name: '',
  p_address: '',
  p_system_id: '',
  p_username: '',
  p_password: '',
  p_use_session: 'false',
  p_ca_pem: '',
};

export function bmcBody(v: Record<BmcField, string>): Record<string, unknown> {
  const common = pick(v, ['p_driver', 'p_name', 'p_address', 'p_system_id', 'p_username', 'p_password'], ['p_password']);
  if (v.p_driver === 'simulator') return common;
  return { ...common, ...pick(v, ['p_ca_pem']), p_use_session: v.p_use_session === 'true' };
}

export const EMPTY_ROUTER: Record<RouterField, string> = {
  p_driver: 'routeros',
  p_name: '',
  p_location: '',
  p_address: '',
  p_username: '',
  p_password: '',
  p_ca_pem: '',
};

export function routerBody(v: Record<RouterField, string>): Record<string, unknown> {
  const common = pick(v, ['p_driver', 'p_name', 'p_location', 'p_address', 'p_username', 'p_password'], ['p_password']);
  return v.p_driver === 'simulator' ? common : { ...common, ...pick(v, ['p_ca_pem']) };
}
