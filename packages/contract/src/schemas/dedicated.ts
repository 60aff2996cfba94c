/**
 * Dedicated servers (issue 17; spec 1 §3 'Dedicated server', §2 'Dedicated server details', spec 2
 * §7 'Dedicated servers'): the rows of MyDedicatedServers, ServerStats (the details page, kept as
 * the session's serverDedicatedDetails), MyServerInstalls and ServerAdditionalSubnets, and the
 * bodies of their calls. A server's BMC (its address, its credentials) never appears in a row: the
 * browser sees the power state and inventory the portal read from it, and the BMC's address inside
 * the customer's WireGuard tunnel once IPMI access is on.
 */
import { z } from '../zod';
import type { MessageKey } from '../messages';
import { validateDedicatedHostname, validateIloPassword } from '../rules/validators';
import { isWireGuardPublicKey } from '../rules/wireguard';
import { optionalText, requiredCode, requiredText } from './fields';
import { timestampField } from './view-row';

// ——— Constants ———

/** Redfish PowerState values, plus Unknown while the BMC has not answered. */
export const BMC_POWER_STATES = ['On', 'Off', 'PoweringOn', 'PoweringOff', 'Paused', 'Unknown'] as const;
export type BmcPowerState = (typeof BMC_POWER_STATES)[number];

/**
 * The power functions offered on the details page (spec 1 §2), by the portal's name, and the
 * Redfish ResetType each one sends. Only those the server's BMC advertises are offered.
 */
export const DEDICATED_POWER_ACTIONS = {
  on: 'On',
  'graceful-shutdown': 'GracefulShutdown',
  'force-off': 'ForceOff',
  'graceful-restart': 'GracefulRestart',
  'force-restart': 'ForceRestart',
  'power-cycle': 'PowerCycle',
} as const;
export type DedicatedPowerAction = keyof typeof DEDICATED_POWER_ACTIONS;
export const DEDICATED_POWER_ACTION_NAMES = Object.keys(DEDICATED_POWER_ACTIONS) as DedicatedPowerAction[];

/** Health as Redfish reports it (Status.Health). */
export const HEALTH_VALUES = ['OK', 'Warning', 'Critical'] as const;
export type Health = (typeof HEALTH_VALUES)[number];

export const DISK_MEDIA_TYPES = ['SSD', 'HDD', 'NVMe'] as const;
export type DiskMediaType = (typeof DISK_MEDIA_TYPES)[number];

/** The steps a server ordered for the customer goes through (staff set them, issue 18's queue). */
export const INSTALL_STEPS = ['ordered', 'racked', 'os-installed', 'handed-over'] as const;
export type InstallStep = (typeof INSTALL_STEPS)[number];

/** The user name of the customer's own account on the BMC (the ILO login shown on the page). */
export const ILO_CUSTOMER_LOGIN = 'customer';
export const ADDITIONAL_IP_COMMENT_MAX = 200;
/** The UDP port of the provider's WireGuard gateways for IPMI access. */
export const IPMI_WIREGUARD_PORT = 51820;

// ——— Fields ———

const serialField = requiredText('invalid_data', 64, (v) => (/^[A-Za-z0-9._-]+$/.test(v) ? null : 'invalid_data'));
const oneOf =
  <T extends readonly string[]>(list: T, key: MessageKey) =>
  (v: string): MessageKey | null =>
    (list as readonly string[]).includes(v) ? null : key;

// ——— Rows ———

/** One disk as the BMC reports it, with the monthly price it adds. */
export const dedicatedDiskItem = z.object({
  serial: z.string(),
  model: z.string(),
  media_type: z.enum(DISK_MEDIA_TYPES),
  health: z.enum(HEALTH_VALUES),
  capacity_gb: z.int(),
  monthly_cents: z.int(),
});
export type DedicatedDisk = z.infer<typeof dedicatedDiskItem>;

/** One RAM module (spec 1 §3 'RAM modules with module price'). */
export const ramModuleItem = z.object({
  slot: z.string(),
  capacity_gb: z.int(),
  type: z.string(),
  speed_mhz: z.int().nullable(),
  health: z.enum(HEALTH_VALUES),
  monthly_cents: z.int(),
});
export type RamModule = z.infer<typeof ramModuleItem>;

/** A temperature or fan reading of the BMC's sensors. */
export const sensorItem = z.object({
  name: z.string(),
  kind: z.enum(['temperature', 'fan']),
  reading: z.number().nullable(),
  /** 'Cel' or 'RPM' (or '%' for fans that report a percentage). */
  unit: z.string(),
  health: z.enum(HEALTH_VALUES),
});
export type Sensor = z.infer<typeof sensorItem>;

/** An additional address or subnet of a dedicated server (a service of category ip-address). */
export const additionalIpItem = z.object({
  equipment_id: z.int(),
  /** CIDR text: 203.0.113.7/32, or 198.51.100.0/29 for a subnet. */
  address: z.string(),
  family: z.union([z.literal(4), z.literal(6)]),
  gateway: z.string().nullable(),
  comment: z.string().nullable(),
  monthly_cents: z.int(),
});
export type AdditionalIp = z.infer<typeof additionalIpItem>;

/** The price breakdown of the details page (spec 1 §2), euro cents a month. */
export const dedicatedPriceItem = z.object({
  base_cents: z.int(),
  ram_cents: z.int(),
  disks_cents: z.int(),
  ips_cents: z.int(),
  total_cents: z.int(),
});

/**
 * What the customer's wg-quick configuration needs (rules/wireguard.ts builds the text): present
 * once IPMI access is on and the customer's public key is set.
 */
export const ipmiTunnelItem = z.object({
  /** The customer's address in the tunnel (CIDR, /32). */
  address: z.string(),
  /** The provider's gateway: its public key and host:port. */
  peer_public_key: z.string(),
  endpoint: z.string(),
  /** What the tunnel reaches: the BMC's address (CIDR, /32). */
  allowed_ips: z.string(),
});
export type IpmiTunnel = z.infer<typeof ipmiTunnelItem>;

/** MyDedicatedServers (and AllDedicatedServers for staff, issue 18): one row per server. */
export const dedicatedServerRow = z.object({
  serial: z.string(),
  equipment_id: z.int().nullable(),
  parent_equipment_id: z.int().nullable(),
  hostname: z.string(),
  power_state: z.enum(BMC_POWER_STATES),
  /** When the portal last read the power state from the BMC. */
  power_state_at: timestampField().nullable(),
  /** False while the BMC does not answer (the state shown is the last one read). */
  bmc_reachable: z.boolean(),
  health: z.enum(HEALTH_VALUES),
  cpu_family: z.string(),
  cpu_name: z.string(),
  model: z.string(),
  location: z.string(),
  location_name: z.string(),
  /** The server's main public IPv4 address. */
  ipv4: z.string().nullable(),
  ipmi_access: z.boolean(),
  total_cents: z.int(),
  client: z.uuid().nullable(),
  client_name: z.string().nullable(),
  created_at: timestampField(),
});
export type DedicatedServer = z.infer<typeof dedicatedServerRow>;

/** GET /api/ServerStats?serial=eq.{serial}: the details page's data, its first row kept in the session. */
export const serverStatsRow = dedicatedServerRow.extend({
  /** The power functions this server's BMC advertises, by the portal's names. */
  power_actions: z.array(z.enum(DEDICATED_POWER_ACTION_NAMES as [DedicatedPowerAction, ...DedicatedPowerAction[]])),
  /** A power function in flight (the job that runs it), or null. */
  power_job: z
    .object({ action: z.string(), status: z.enum(['queued', 'running', 'failed']), error: z.string().nullable() })
    .nullable(),
  ilo_login: z.string().nullable(),
  /** The BMC's address inside the customer's tunnel; null while IPMI access is off. */
  ilo_ip: z.string().nullable(),
  wg_pubkey: z.string().nullable(),
  ipmi_tunnel: ipmiTunnelItem.nullable(),
  disks: z.array(dedicatedDiskItem),
  ram_modules: z.array(ramModuleItem),
  sensors: z.array(sensorItem),
  additional_ips: z.array(additionalIpItem),
  price: dedicatedPriceItem,
  /** When the inventory (disks, memory, sensors) was last read. */
  synced_at: timestampField().nullable(),
});
export type ServerStats = z.infer<typeof serverStatsRow>;

/** MyServerInstalls (beyond the spec's list): servers being installed for the customer. */
export const serverInstallRow = z.object({
  serial: z.string(),
  order_id: z.int().nullable(),
  offer_name: z.string(),
  cpu: z.string(),
  location: z.string(),
  location_name: z.string(),
  hostname: z.string(),
  step: z.enum(INSTALL_STEPS),
  ordered_at: timestampField(),
  racked_at: timestampField().nullable(),
  os_installed_at: timestampField().nullable(),
  handed_over_at: timestampField().nullable(),
  monthly_cents: z.int(),
  client: z.uuid(),
});
export type ServerInstall = z.infer<typeof serverInstallRow>;

// ——— Bodies ———

export const serverSerialSchema = z.object({ p_serial: serialField });

export const serverPowerActionSchema = z.object({
  p_serial: serialField,
  p_action: requiredCode(
    'dedicated_power_action_invalid',
    32,
    oneOf(DEDICATED_POWER_ACTION_NAMES, 'dedicated_power_action_invalid'),
  ).pipe(z.enum(DEDICATED_POWER_ACTION_NAMES as [DedicatedPowerAction, ...DedicatedPowerAction[]])),
});
export type ServerPowerActionBody = z.infer<typeof serverPowerActionSchema>;

export const serverUpdateHostnameSchema = z.object({
  p_serial: serialField,
  p_hostname: requiredText('hostname_empty', 63, validateDedicatedHostname),
});

/** Sets the password of the customer's own BMC account (the ILO password modal). */
export const serverUpdateIloPasswordSchema = z.object({
  p_serial: serialField,
  p_password: z.string({ error: 'ilo_password_invalid' }).refine((v) => validateIloPassword(v) === null, {
    error: 'ilo_password_invalid',
  }),
});

export const serverUpdateIpmiAccessSchema = z.object({
  p_serial: serialField,
  p_enabled: z.boolean({ error: 'invalid_data' }),
});

export const clientSetWgPubkeySchema = z.object({
  p_serial: serialField,
  p_pubkey: requiredText('wg_pubkey_invalid', 64, (v) => (isWireGuardPublicKey(v) ? null : 'wg_pubkey_invalid')),
});

/**
 * What ServersOrderIP orders: one address (/32) or a subnet routed to the server's main address
 * (/29: 8 addresses, /28: 16). A subnet costs the additional address's monthly price per address.
 */
export const ADDITIONAL_IP_PREFIXES = [32, 29, 28] as const;

/** The service product an additional address is billed as (its price per address makes a subnet's). */
export const ADDITIONAL_IPV4_PRODUCT = 'extra-ipv4';
export type AdditionalIpPrefix = (typeof ADDITIONAL_IP_PREFIXES)[number];

/** The addresses in a block of `prefix`. */
export function addressesIn(prefix: AdditionalIpPrefix): number {
  return 2 ** (32 - prefix);
}

/** ServersOrderIP: one more IPv4 address (the default) or subnet for the server, billed monthly as a service. */
export const serversOrderIpSchema = z.object({
  p_serial: serialField,
  p_prefix: z
    .int({ error: 'invalid_data' })
    .refine((v) => (ADDITIONAL_IP_PREFIXES as readonly number[]).includes(v), { error: 'invalid_data' })
    .optional(),
});

export const updateAdditionalIpCommentSchema = z.object({
  p_equipment_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
  p_comment: optionalText(ADDITIONAL_IP_COMMENT_MAX),
});

// ——— Staff (the screens are issue 18's; the calls serve the seed, the tests and the API) ———

const nameField = z.string({ error: 'invalid_data' }).regex(/^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/, { error: 'invalid_data' });
const plainText = (max: number) => requiredText('invalid_data', max);

/** RegisterBmc: a server's management controller; the password is sealed before it is stored. */
export const registerBmcSchema = z
  .object({
    p_name: nameField,
    p_driver: z.enum(['simulator', 'redfish'], { error: 'invalid_data' }),
    /** simulator: the simulated BMC's name; redfish: https://host[:port]. */
    p_address: plainText(300),
    p_system_id: z
      .string({ error: 'invalid_data' })
      .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'invalid_data' })
      .optional(),
    p_username: plainText(64),
    p_password: z.string({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }).max(200, { error: 'invalid_data' }),
    p_use_session: z.boolean({ error: 'invalid_data' }).optional(),
    p_ca_pem: z.string({ error: 'invalid_data' }).max(20_000, { error: 'invalid_data' }).optional(),
  })
  .check((ctx) => {
    if (ctx.value.p_driver === 'redfish' && !/^https?:\/\/[^\s/]+$/.test(ctx.value.p_address))
      ctx.issues.push({ code: 'custom', message: 'invalid_data', path: ['p_address'], input: ctx.value.p_address });
  });
export type RegisterBmcBody = z.infer<typeof registerBmcSchema>;

/**
 * DedicatedServerCreate: a machine of the provider's, rented to `p_client` (a service from today) or
 * in stock; or the machine of an install (`p_install`, its serial): handed over to the install's
 * client with the service its order started, billed at the ordered price (`p_base_cents` only
 * overrides it; without an install it is required).
 */
export const dedicatedServerCreateSchema = z.object({
  p_serial: serialField,
  p_location: plainText(40),
  p_hostname: requiredText('hostname_empty', 63, validateDedicatedHostname),
  p_model: plainText(100),
  p_cpu_family: plainText(100),
  p_cpu_name: plainText(100),
  p_base_cents: z
    .int({ error: 'invalid_data' })
    .min(0, { error: 'invalid_data' })
    .max(10_000_000, { error: 'invalid_data' })
    .optional(),
  p_bmc: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }).optional(),
  p_client: z.uuid({ error: 'invalid_data' }).optional(),
  p_ipv4: z.ipv4({ error: 'invalid_data' }).optional(),
  p_install: serialField.optional(),
});
export type DedicatedServerCreateBody = z.infer<typeof dedicatedServerCreateSchema>;

/** ServerInstallCreate: a server ordered for a client outside the cart (the cart's orders make them too). */
export const serverInstallCreateSchema = z.object({
  p_client: z.uuid({ error: 'invalid_data' }),
  p_offer: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
  p_hostname: requiredText('hostname_empty', 63, validateDedicatedHostname),
});

/** ServerInstallStep: the install moves on (never back); at 'racked' the machine's serial may be recorded. */
export const serverInstallStepSchema = z.object({
  p_serial: serialField,
  p_step: requiredCode('invalid_data', 16, oneOf(INSTALL_STEPS, 'invalid_data')).pipe(z.enum(INSTALL_STEPS)),
  p_new_serial: serialField.optional(),
});

/** IpmiGatewayToken: a new token for a location's IPMI gateway agent (the old one stops working). */
export const ipmiGatewayTokenSchema = z.object({ p_location: plainText(40) });
