/**
 * The staff's reads over every account (issue 18; spec 2 §7 Clients, Profiles, AllServices,
 * AllDedicatedServers, ServersInstalledServers, plus ClientDetails — the client page on one row —
 * and StaffBmcs — the registered BMCs to pick from at a hand-over, never their address or
 * password). Role staff, system scope: row-level security would show staff only their own account.
 * Rows: the contract's schemas/clients. Each list has a `search` column for the one search box.
 */
import {
  allDedicatedRow,
  allServiceRow,
  CLIENT_PAGE_LIMITS,
  clientDetailsRow,
  clientRow,
  installedServerRow,
  profileRow,
  staffBmcRow,
} from '@portside/contract/schemas/clients';
import { role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

const staff = role('staff');

/** The account's display name: its company, else its owner's name. */
const clientName = (c: string) => `coalesce(nullif(${c}.company_name, ''), ${c}.first_name || ' ' || ${c}.last_name)`;

const CLIENTS_SQL = `SELECT c.id, c.first_name, c.last_name, c.company_name, o.email, c.vat_number, c.country, c.verification_status,
    (SELECT count(*)::int FROM users u WHERE u.client_id = c.id) AS user_count, c.created_at, c.deleted_at,
    lower(concat_ws(' ', c.first_name, c.last_name, c.company_name, c.vat_number,
      (SELECT string_agg(u.email, ' ') FROM users u WHERE u.client_id = c.id))) AS search
  FROM clients c LEFT JOIN users o ON o.client_id = c.id AND o.is_owner`;

const PROFILES_SQL = `SELECT u.id, u.email, u.first_name, u.last_name, u.client_id AS client, ${clientName('c')} AS client_name,
    c.company_name, u.is_owner, u.blocked, u.email_confirmed_at IS NOT NULL AS confirmed, to_jsonb(u.roles) AS roles, u.created_at,
    lower(concat_ws(' ', u.email, u.first_name, u.last_name, c.company_name)) AS search
  FROM users u JOIN clients c ON c.id = u.client_id`;

const json = (select: string, from: string, order: string, limit?: number) =>
  `coalesce((SELECT jsonb_agg(x ORDER BY ${order}) FROM (SELECT ${select} FROM ${from}${limit ? ` ORDER BY ${order} LIMIT ${limit}` : ''}) x), '[]'::jsonb)`;

const DETAILS_SQL = `SELECT c.id, c.first_name, c.last_name, c.company_name, o.email, c.vat_number, c.address, c.city, c.postcode,
    c.country, c.phone_prefix || ' ' || c.phone_number AS phone, c.language, c.timezone, c.verification_status, c.created_at,
    c.deleted_at, account_balance_cents(c.id) AS balance_cents,
    ${json(
      `u.id, u.email, u.first_name, u.last_name, u.is_owner, u.blocked, u.email_confirmed_at IS NOT NULL AS confirmed`,
      `users u WHERE u.client_id = c.id`,
      `is_owner DESC, email`,
    )} AS users,
    ${json(
      `v.provisioned_id::int AS provisioned_id, v.name, m.code AS model, v.power_status, v.state, v.created_at`,
      `vms v JOIN vm_models m ON m.id = v.model_id WHERE v.client_id = c.id AND v.state <> 'deleted'`,
      `provisioned_id`,
    )} AS vms,
    ${json(
      `d.serial, d.hostname, d.model, d.location_id AS location, d.power_state, d.tag`,
      `dedicated_servers d WHERE d.client_id = c.id`,
      `hostname`,
    )} AS dedicated,
    ${json(
      `s.equipment_id::int AS equipment_id, s.category, s.description, s.start_date, s.end_date, s.monthly_cents`,
      `services s WHERE s.client_id = c.id`,
      `equipment_id`,
    )} AS services,
    ${json(
      `i.id::int AS id, i.number, i.issued_on, i.due_on, i.status, i.total_cents, i.paid_cents`,
      `invoices i WHERE i.client_id = c.id`,
      `id DESC`,
      CLIENT_PAGE_LIMITS.invoices,
    )} AS invoices,
    ${json(
      `a.id::int AS id, a.created_at, a.actor_email, a.action, a.target, a.result`,
      `audit_log a WHERE a.client_id = c.id`,
      `id DESC`,
      CLIENT_PAGE_LIMITS.logs,
    )} AS logs
  FROM clients c LEFT JOIN users o ON o.client_id = c.id AND o.is_owner`;

const ALL_SERVICES_SQL = `SELECT s.equipment_id::int AS equipment_id, s.parent_equipment_id::int AS parent_equipment_id, s.client_id AS client,
    ${clientName('c')} AS client_name, s.category, s.description, s.start_date, s.end_date, s.monthly_cents,
    lower(concat_ws(' ', s.equipment_id, s.description, s.category, c.first_name, c.last_name, c.company_name)) AS search
  FROM services s JOIN clients c ON c.id = s.client_id`;

const ALL_DEDICATED_SQL = `SELECT d.serial, d.hostname, d.model, d.cpu_name, d.location_id AS location, d.tag, d.power_state,
    d.equipment_id::int AS equipment_id, d.client_id AS client, CASE WHEN c.id IS NOT NULL THEN ${clientName('c')} END AS client_name,
    d.base_cents, lower(concat_ws(' ', d.serial, d.hostname, d.model, d.tag, c.first_name, c.last_name, c.company_name)) AS search
  FROM dedicated_servers d LEFT JOIN clients c ON c.id = d.client_id`;

const INSTALLS_SQL = `SELECT i.serial, i.order_id::int AS order_id, i.offer_name, i.cpu, i.location_id AS location, i.hostname, i.step,
    i.ordered_at, i.racked_at, i.os_installed_at, i.handed_over_at, i.monthly_cents, i.client_id AS client,
    ${clientName('c')} AS client_name, i.step <> 'handed-over' AS open,
    lower(concat_ws(' ', i.serial, i.hostname, i.offer_name, c.first_name, c.last_name, c.company_name)) AS search
  FROM server_installs i JOIN clients c ON c.id = i.client_id`;

const BMCS_SQL = `SELECT b.id, b.name, b.driver, (SELECT d.serial FROM dedicated_servers d WHERE d.bmc_id = b.id LIMIT 1) AS server
  FROM bmcs b`;

export const clientsViews: ViewDef[] = [
  defineView({ name: 'Clients', access: staff, system: true, row: clientRow, source: CLIENTS_SQL, order: 'created_at.desc' }),
  defineView({ name: 'Profiles', access: staff, system: true, row: profileRow, source: PROFILES_SQL, order: 'email.asc' }),
  defineView({ name: 'ClientDetails', access: staff, system: true, row: clientDetailsRow, source: DETAILS_SQL }),
  defineView({
    name: 'AllServices',
    access: staff,
    system: true,
    row: allServiceRow,
    source: ALL_SERVICES_SQL,
    order: 'equipment_id.desc',
  }),
  defineView({
    name: 'AllDedicatedServers',
    access: staff,
    system: true,
    row: allDedicatedRow,
    source: ALL_DEDICATED_SQL,
    order: 'hostname.asc',
  }),
  defineView({
    name: 'ServersInstalledServers',
    access: staff,
    system: true,
    row: installedServerRow,
    source: INSTALLS_SQL,
    order: 'ordered_at.asc',
  }),
  defineView({ name: 'StaffBmcs', access: staff, system: true, row: staffBmcRow, source: BMCS_SQL, order: 'name.asc' }),
];
