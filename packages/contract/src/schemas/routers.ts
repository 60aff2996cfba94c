/**
 * The provider's network operations (issue 18; spec 1 §2 /routers-subnets, /routers-ips,
 * /routers-arp-entries, /switches; spec 2 §6–§7): the rows of Routers, RoutersSubnets, RoutersIPs,
 * RoutersArpEntries and SwitchesConnections, and the bodies of the router admin calls. A router's
 * address and credentials never appear in a row: staff see what the portal read from it.
 */
import { z } from '../zod';
import { DHCP_COMMENT_MAX, normalizeMac } from '../rules/routers';
import { parseIpv4 } from '../rules/network';
import { timestampField } from './view-row';

// ——— Constants ———

/** What an address of a subnet is used for, answered from the portal's own data. */
export const IP_USES = ['free', 'gateway', 'vm', 'dedicated', 'client'] as const;
export type IpUse = (typeof IP_USES)[number];

/** ARP entry states as RouterOS reports them (`status`), plus 'permanent' for static entries. */
export const ARP_STATUSES = ['reachable', 'stale', 'delay', 'probe', 'incomplete', 'failed', 'permanent'] as const;
export type ArpStatus = (typeof ARP_STATUSES)[number];

/** Rows per page of the address, ARP and switch lists. */
export const ROUTERS_PAGE_SIZE = 50;

// ——— Rows ———

/** GET /api/Routers: each router the portal reads, with the state of its last read. */
export const routerRow = z.object({
  id: z.int(),
  name: z.string(),
  location: z.string(),
  driver: z.enum(['simulator', 'routeros']),
  /** Whether the last read answered. */
  reachable: z.boolean(),
  /** Why the last read failed (the driver's code and message), null after a good one. */
  last_error: z.string().nullable(),
  /** When the router was last read successfully. */
  synced_at: timestampField().nullable(),
  /** When a rebuild was asked for; newer than synced_at (and no error since) while it runs. */
  sync_requested_at: timestampField().nullable(),
  /** A rebuild was asked for and has not ended yet. */
  sync_pending: z.boolean(),
  subnets: z.int(),
});
export type RouterRow = z.infer<typeof routerRow>;

/** GET /api/RoutersSubnets: the IPv4 subnets read from the routers, with how their addresses are used. */
export const routerSubnetRow = z.object({
  id: z.int(),
  router: z.int(),
  router_name: z.string(),
  location: z.string(),
  /** CIDR, e.g. 185.66.10.0/24. */
  network: z.string(),
  /** The router's own address on it. */
  gateway: z.string(),
  interface: z.string(),
  /** The portal's address pool (ip_pools) that is this subnet, null when none is. */
  pool: z.int().nullable(),
  /** Host addresses (without network and broadcast). */
  hosts: z.int(),
  /** Host addresses used by a VM, a dedicated server or given to an account by staff. */
  used: z.int(),
  /** DHCP reservations (static leases) on the router. */
  reserved: z.int(),
  free: z.int(),
  seen_at: timestampField(),
});
export type RouterSubnetRow = z.infer<typeof routerSubnetRow>;

/** GET /api/RoutersIPs: every host address of every subnet (filter by subnet). */
export const routerIpRow = z.object({
  subnet: z.int(),
  router_name: z.string(),
  location: z.string(),
  address: z.string(),
  /** The address as a number, to order addresses as numbers. */
  seq: z.int(),
  use: z.enum(IP_USES),
  /** The VM's name or the dedicated server's hostname. */
  server: z.string().nullable(),
  /** The VM's provisioned id or the dedicated server's serial. */
  server_id: z.string().nullable(),
  client: z.guid().nullable(),
  client_name: z.string().nullable(),
  /** The MAC address of the DHCP lease of the address on the router. */
  mac: z.string().nullable(),
  comment: z.string().nullable(),
  /** 'static' for a reservation, 'dynamic' for a lease the router gave out itself. */
  dhcp: z.enum(['static', 'dynamic']).nullable(),
  /** The MAC last seen in the router's ARP table for the address. */
  arp_mac: z.string().nullable(),
  /** Address, MAC, server, account and comment in lower case: what the search matches. */
  search: z.string(),
});
export type RouterIpRow = z.infer<typeof routerIpRow>;

/** GET /api/RoutersArpEntries: the routers' ARP tables as last read. */
export const routerArpRow = z.object({
  router: z.int(),
  router_name: z.string(),
  location: z.string(),
  address: z.string(),
  seq: z.int(),
  mac: z.string().nullable(),
  interface: z.string(),
  status: z.enum(ARP_STATUSES),
  dynamic: z.boolean(),
  seen_at: timestampField(),
  search: z.string(),
});
export type RouterArpRow = z.infer<typeof routerArpRow>;

/** GET /api/SwitchesConnections: which server port is on which switch port. */
export const switchConnectionRow = z.object({
  switch: z.int(),
  switch_name: z.string(),
  location: z.string(),
  port: z.string(),
  server: z.string(),
  hostname: z.string(),
  server_port: z.string(),
  vlan: z.int().nullable(),
  speed_mbps: z.int().nullable(),
  client: z.guid().nullable(),
  client_name: z.string().nullable(),
  note: z.string().nullable(),
  search: z.string(),
});
export type SwitchConnectionRow = z.infer<typeof switchConnectionRow>;

// ——— Bodies ———

const idField = z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' });

/** An IPv4 address, canonical (no leading zeros). */
export const routerIpField = z
  .string({ error: 'router_ip_invalid' })
  .trim()
  .refine((v) => parseIpv4(v) !== null, { error: 'router_ip_invalid' });

/** A MAC address in any usual notation, answered in the portal's (AA:BB:CC:DD:EE:FF). */
export const macField = z.string({ error: 'mac_invalid' }).transform((v, ctx) => {
  const mac = normalizeMac(v);
  if (mac === null) {
    ctx.issues.push({ code: 'custom', message: 'mac_invalid', input: v });
    return z.NEVER;
  }
  return mac;
});

/** A reservation's comment: one line of at most {@link DHCP_COMMENT_MAX} characters ('' clears it). */
export const dhcpCommentField = z
  .string({ error: 'invalid_data' })
  .trim()
  .check((ctx) => {
    // Control characters (newlines too) would break the router's one-line comment.
    if (/[\u0000-\u001f\u007f]/.test(ctx.value))
      ctx.issues.push({ code: 'custom', message: 'control_characters', input: ctx.value });
    else if (ctx.value.length > DHCP_COMMENT_MAX)
      ctx.issues.push({ code: 'custom', message: 'field_too_long', input: ctx.value });
  })
  .meta({ maxLength: DHCP_COMMENT_MAX });

/** RoutersRebuildSubnets: re-read one router, or all of them when p_router is left out. */
export const routersRebuildSchema = z.object({ p_router: idField.optional() });
export type RoutersRebuildBody = z.infer<typeof routersRebuildSchema>;

/** RoutersDHCPAssignMACToIP: reserve address p_ip of subnet p_subnet for the device with MAC p_mac. */
export const dhcpAssignSchema = z.object({
  p_subnet: idField,
  p_ip: routerIpField,
  p_mac: macField,
  p_comment: dhcpCommentField.optional(),
});
export type DhcpAssignBody = z.infer<typeof dhcpAssignSchema>;

/** RoutersReleaseDHCPMac: remove the reservation of MAC p_mac in subnet p_subnet. */
export const dhcpReleaseSchema = z.object({ p_subnet: idField, p_mac: macField });
export type DhcpReleaseBody = z.infer<typeof dhcpReleaseSchema>;

/** RoutersUpdateDHCPComment: the comment of MAC p_mac's reservation in subnet p_subnet. */
export const dhcpCommentSchema = z.object({ p_subnet: idField, p_mac: macField, p_comment: dhcpCommentField });
export type DhcpCommentBody = z.infer<typeof dhcpCommentSchema>;

/** RouterIPsUpdateClient: give address p_ip (not a server's) to account p_client. */
export const ipUpdateClientSchema = z.object({ p_ip: routerIpField, p_client: z.uuid({ error: 'invalid_data' }) });
export type IpUpdateClientBody = z.infer<typeof ipUpdateClientSchema>;

/** RouterIPsDeleteClient: take address p_ip back from the account staff gave it to. */
export const ipDeleteClientSchema = z.object({ p_ip: routerIpField });
export type IpDeleteClientBody = z.infer<typeof ipDeleteClientSchema>;

/**
 * RegisterRouter (role staff): a location's router and how it is reached. The password is sealed
 * with the server's data key before it is stored and never answered; registering a name again
 * replaces that registration (new address or credentials) and keeps its id.
 */
export const registerRouterSchema = z
  .object({
    p_name: z.string({ error: 'invalid_data' }).regex(/^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/, { error: 'invalid_data' }),
    p_location: z.string({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }).max(40, { error: 'invalid_data' }),
    p_driver: z.enum(['simulator', 'routeros'], { error: 'invalid_data' }),
    /** simulator: the simulated router's name; routeros: https://host[:port]. */
    p_address: z.string({ error: 'invalid_data' }).trim().min(1, { error: 'invalid_data' }).max(300, { error: 'invalid_data' }),
    p_username: z.string({ error: 'invalid_data' }).trim().min(1, { error: 'invalid_data' }).max(64, { error: 'invalid_data' }),
    p_password: z.string({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }).max(200, { error: 'invalid_data' }),
    p_ca_pem: z.string({ error: 'invalid_data' }).max(20_000, { error: 'invalid_data' }).optional(),
  })
  .check((ctx) => {
    if (ctx.value.p_driver === 'routeros' && !/^https?:\/\/[^\s/]+\/?$/.test(ctx.value.p_address))
      ctx.issues.push({ code: 'custom', message: 'invalid_data', path: ['p_address'], input: ctx.value.p_address });
  });
export type RegisterRouterBody = z.infer<typeof registerRouterSchema>;

const portField = z
  .string({ error: 'invalid_data' })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9/:._-]{0,39}$/, { error: 'invalid_data' });

/** SwitchConnectionSet (role staff): server `p_server`'s port is cabled to port `p_port` of switch `p_switch` (replacing what was there). */
export const switchConnectionSetSchema = z.object({
  p_switch: idField,
  p_port: portField,
  p_server: z.string({ error: 'invalid_data' }).regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'invalid_data' }),
  p_server_port: portField,
  p_vlan: z.int({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }).max(4094, { error: 'invalid_data' }).optional(),
  p_speed_mbps: z
    .int({ error: 'invalid_data' })
    .min(1, { error: 'invalid_data' })
    .max(1_000_000, { error: 'invalid_data' })
    .optional(),
  p_note: dhcpCommentField.optional(),
});
export type SwitchConnectionSetBody = z.infer<typeof switchConnectionSetSchema>;

/** SwitchConnectionDelete (role staff): nothing is cabled to port `p_port` of switch `p_switch` any more. */
export const switchConnectionDeleteSchema = z.object({ p_switch: idField, p_port: portField });
export type SwitchConnectionDeleteBody = z.infer<typeof switchConnectionDeleteSchema>;
