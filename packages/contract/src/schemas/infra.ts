/**
 * The staff's infrastructure page (issue 18, /infrastructure): the lists of registered hypervisor
 * clusters, BMCs and routers, and the three 'test connection' calls. A test names EITHER a
 * registered one by id (its sealed secret is opened on the server) OR carries the very fields of
 * its register form, so staff can try the credentials before anything is saved; both shapes are
 * checked here so the web form and the server agree on what is valid.
 */
import { z } from '../zod';
import { registerClusterSchema } from './vms';
import { registerBmcSchema } from './dedicated';
import { registerRouterSchema } from './routers';
import { timestampField } from './view-row';

/** Rows a page of the infrastructure lists holds. */
export const INFRA_PAGE_SIZE = 20;

/**
 * A test body: `{p_id}` alone, or the register form's fields (validated by `form`, whose issues
 * are reported under the form's own field names). The answer of `parse` is loose on purpose: the
 * server parses the form branch again with `form` to get its typed, trimmed values.
 */
function byIdOr(form: z.ZodType) {
  return z
    .object({ p_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }).optional() })
    .loose()
    .check((ctx) => {
      const v = ctx.value as Record<string, unknown>;
      if (v.p_id !== undefined) {
        // An id and form fields together would leave unclear which one is tested.
        for (const key of Object.keys(v).filter((k) => k !== 'p_id'))
          ctx.issues.push({ code: 'custom', message: 'invalid_data', path: [key], input: v[key] });
        return;
      }
      const r = form.safeParse(v);
      if (!r.success)
        for (const i of r.error.issues) ctx.issues.push({ code: 'custom', message: i.message, path: i.path, input: v });
    });
}

/** TestClusterConnection: a registered cluster (`p_id`) or RegisterCluster's fields. */
export const testClusterConnectionSchema = byIdOr(registerClusterSchema);
/** TestBmcConnection: a registered BMC (`p_id`) or RegisterBmc's fields. */
export const testBmcConnectionSchema = byIdOr(registerBmcSchema);
/** TestRouterConnection: a registered router (`p_id`) or RegisterRouter's fields. */
export const testRouterConnectionSchema = byIdOr(registerRouterSchema);
export type TestConnectionBody = z.infer<typeof testClusterConnectionSchema>;

/** RemoveCluster, RemoveBmc, RemoveRouter: a registered one that nothing uses any more. */
export const infraRemoveSchema = z.object({ p_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }) });
export type InfraRemoveBody = z.infer<typeof infraRemoveSchema>;

/** What a successful test answers: who answered and how fast. Never a secret nor (for BMCs) more than staff see. */
export const connectionTestAnswer = z.object({
  ok: z.literal(true),
  details: z.object({
    /** The product that answered, e.g. 'Proxmox VE', 'Redfish', 'RouterOS', or the simulator. */
    product: z.string(),
    /** Its version as it reports it (null when it reports none). */
    version: z.string().nullable(),
    /** What was counted: a cluster's nodes, a BMC's systems, a router's IPv4 addresses. */
    count_of: z.enum(['nodes', 'systems', 'addresses']),
    count: z.int(),
    /** How long the questions took together, ms. */
    latency_ms: z.int(),
  }),
});
export type ConnectionTestAnswer = z.infer<typeof connectionTestAnswer>;

/** GET /api/InfraBmcs (staff): the registered BMCs with their address and what they serve. */
export const infraBmcRow = z.object({
  id: z.int(),
  name: z.string(),
  driver: z.enum(['simulator', 'redfish']),
  /** simulator: the simulated BMC's name; redfish: its base URL. Staff only. */
  address: z.string(),
  system_id: z.string(),
  username: z.string(),
  /** The location of the server it serves (null while it serves none). */
  location: z.string().nullable(),
  /** The serial of the server it serves, if any. */
  server: z.string().nullable(),
  /** Whether the last read of that server's BMC answered (null while it serves none). */
  reachable: z.boolean().nullable(),
  /** When that server was last read from its BMC. */
  synced_at: timestampField().nullable(),
  created_at: timestampField(),
  /** Lower-cased name, address and server, for the search box. */
  search: z.string(),
});
export type InfraBmc = z.infer<typeof infraBmcRow>;

/** GET /api/InfraRouters (staff): the registered routers with their address and sync state. */
export const infraRouterRow = z.object({
  id: z.int(),
  name: z.string(),
  location: z.string(),
  driver: z.enum(['simulator', 'routeros']),
  /** simulator: the simulated router's name; routeros: its base URL. Staff only. */
  address: z.string(),
  username: z.string(),
  reachable: z.boolean(),
  last_error: z.string().nullable(),
  /** When the router was last read successfully. */
  synced_at: timestampField().nullable(),
  subnets: z.int(),
  created_at: timestampField(),
  search: z.string(),
});
export type InfraRouter = z.infer<typeof infraRouterRow>;
