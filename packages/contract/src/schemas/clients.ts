/**
 * The staff's customers and services screens (issue 18; spec 1 §2 /clients, /all-services,
 * /all-dedicated-servers, /installed-servers; spec 2 §7 Clients, Profiles, AllServices,
 * AllDedicatedServers, ServersInstalledServers, ClientDelete, ProfilesDelete, ServerUpdateClient,
 * ServerUpdateTag): the rows of those reads and the bodies of those calls. Every list row carries
 * `search`, the lower-cased text one search box filters with `search=ilike.*term*`, because the
 * reads take PostgREST filters on one column at a time.
 */
import { z } from '../zod';
import { INSTALL_STEPS } from './dedicated';
import { optionalText } from './fields';
import { column, dayField, timestampField } from './view-row';

/** Rows per page of the staff's lists. */
export const STAFF_PAGE_SIZE = 25;

/** The lower-cased text a list's search box matches (never shown). */
const searchField = () => z.string();

/** One account of GET /api/Clients. */
export const clientRow = z.object({
  id: z.guid(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string().nullable(),
  /** The owner's e-mail address (null once the account is deleted and only its billing data kept). */
  email: z.string().nullable(),
  vat_number: z.string().nullable(),
  country: z.string(),
  verification_status: z.enum(['none', 'pending', 'approved', 'rejected']),
  user_count: z.int(),
  created_at: timestampField(),
  /** Set when the account was deleted and its row kept for its invoices. */
  deleted_at: timestampField().nullable(),
  /** Name, e-mail addresses of its users, company and VAT number, lower-cased. */
  search: searchField(),
});
export type ClientListItem = z.infer<typeof clientRow>;

/** One user of GET /api/Profiles (every account's users). */
export const profileRow = z.object({
  id: z.guid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  client: z.guid(),
  client_name: z.string(),
  company_name: z.string().nullable(),
  is_owner: z.boolean(),
  blocked: z.boolean(),
  confirmed: z.boolean(),
  roles: column(z.array(z.string()), 'json'),
  created_at: timestampField(),
  /** E-mail address, name and the account's company, lower-cased. */
  search: searchField(),
});
export type ProfileListItem = z.infer<typeof profileRow>;

const detailUser = z.object({
  id: z.guid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_owner: z.boolean(),
  blocked: z.boolean(),
  confirmed: z.boolean(),
});
const detailVm = z.object({
  provisioned_id: z.int(),
  name: z.string(),
  model: z.string(),
  power_status: z.string(),
  state: z.string(),
  created_at: z.string(),
});
const detailDedicated = z.object({
  serial: z.string(),
  hostname: z.string(),
  model: z.string(),
  location: z.string(),
  power_state: z.string(),
  tag: z.string().nullable(),
});
const detailService = z.object({
  equipment_id: z.int(),
  category: z.string(),
  description: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  monthly_cents: z.int().nullable(),
});
const detailInvoice = z.object({
  id: z.int(),
  number: z.string(),
  issued_on: z.string(),
  due_on: z.string(),
  status: z.enum(['open', 'paid', 'void']),
  total_cents: z.int(),
  paid_cents: z.int(),
});
const detailLog = z.object({
  id: z.int(),
  created_at: z.string(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  result: z.string(),
});

/** How many invoices and log entries the client page shows (the newest). */
export const CLIENT_PAGE_LIMITS = { invoices: 50, logs: 100 } as const;

/** GET /api/ClientDetails?id=eq.{client}: the client page, everything of the account on one row. */
export const clientDetailsRow = z.object({
  id: z.guid(),
  first_name: z.string(),
  last_name: z.string(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
  vat_number: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
  phone: z.string(),
  language: z.string(),
  timezone: z.string(),
  verification_status: z.enum(['none', 'pending', 'approved', 'rejected']),
  created_at: timestampField(),
  deleted_at: timestampField().nullable(),
  /** Deposits less payments from the balance, in cents. */
  balance_cents: z.int(),
  users: column(z.array(detailUser), 'json'),
  vms: column(z.array(detailVm), 'json'),
  dedicated: column(z.array(detailDedicated), 'json'),
  services: column(z.array(detailService), 'json'),
  invoices: column(z.array(detailInvoice), 'json'),
  logs: column(z.array(detailLog), 'json'),
});
export type ClientDetails = z.infer<typeof clientDetailsRow>;

/** One service of GET /api/AllServices (every account's). */
export const allServiceRow = z.object({
  equipment_id: z.int(),
  parent_equipment_id: z.int().nullable(),
  client: z.guid(),
  client_name: z.string(),
  category: z.string(),
  description: z.string(),
  start_date: dayField(),
  end_date: dayField().nullable(),
  monthly_cents: z.int().nullable(),
  /** Equipment id, description, category and the account's name and company, lower-cased. */
  search: searchField(),
});
export type AllServiceItem = z.infer<typeof allServiceRow>;

/** One server of GET /api/AllDedicatedServers (every account's, and those in stock). */
export const allDedicatedRow = z.object({
  serial: z.string(),
  hostname: z.string(),
  model: z.string(),
  cpu_name: z.string(),
  location: z.string(),
  tag: z.string().nullable(),
  power_state: z.string(),
  equipment_id: z.int().nullable(),
  /** Null for a server in stock. */
  client: z.guid().nullable(),
  client_name: z.string().nullable(),
  base_cents: z.int(),
  /** Serial, hostname, model, tag and the account's name and company, lower-cased. */
  search: searchField(),
});
export type AllDedicatedItem = z.infer<typeof allDedicatedRow>;

/** One install of GET /api/ServersInstalledServers (the queue of every account's ordered servers). */
export const installedServerRow = z.object({
  serial: z.string(),
  order_id: z.int().nullable(),
  offer_name: z.string(),
  cpu: z.string(),
  location: z.string(),
  hostname: z.string(),
  step: z.enum(INSTALL_STEPS),
  ordered_at: timestampField(),
  racked_at: timestampField().nullable(),
  os_installed_at: timestampField().nullable(),
  handed_over_at: timestampField().nullable(),
  monthly_cents: z.int(),
  client: z.guid(),
  client_name: z.string(),
  /** Open until handed over. */
  open: z.boolean(),
  search: searchField(),
});
export type InstalledServerItem = z.infer<typeof installedServerRow>;

/** One registered BMC of GET /api/StaffBmcs: to pick from at a hand-over (never its address or password). */
export const staffBmcRow = z.object({
  id: z.int(),
  name: z.string(),
  driver: z.string(),
  /** The serial of the server it is attached to, if any. */
  server: z.string().nullable(),
});
export type StaffBmc = z.infer<typeof staffBmcRow>;

const clientId = z.guid({ error: 'invalid_data' });

/** ClientDelete: the account and everything of it, as its owner's own deletion (billing data kept when invoiced). */
export const clientDeleteSchema = z.object({ p_client: clientId });
export type ClientDeleteBody = z.infer<typeof clientDeleteSchema>;

/** ProfilesDelete: one user (never an account's owner: that is ClientDelete). */
export const profilesDeleteSchema = z.object({ p_user: z.guid({ error: 'invalid_data' }) });
export type ProfilesDeleteBody = z.infer<typeof profilesDeleteSchema>;

const serial = z
  .string({ error: 'invalid_data' })
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'invalid_data' });

/** ServerUpdateClient: the server — with its service and its addresses' services — moves to another account. */
export const serverUpdateClientSchema = z.object({ p_serial: serial, p_client: clientId });
export type ServerUpdateClientBody = z.infer<typeof serverUpdateClientSchema>;

/** The longest tag (dedicated_servers.tag). */
export const SERVER_TAG_MAX = 100;

/** ServerUpdateTag: the staff's free-text tag of a server; empty clears it. */
export const serverUpdateTagSchema = z.object({ p_serial: serial, p_tag: optionalText(SERVER_TAG_MAX) });
export type ServerUpdateTagBody = z.infer<typeof serverUpdateTagSchema>;
