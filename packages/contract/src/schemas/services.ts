/**
 * My services (spec 1 §2 my-services, services-history, 'Other screens'; §3 Service history,
 * Service item; spec 2 §7 MyServices, AddClientService, MyServicesHistory, MyServiceDelete): the
 * rows of MyServices, ServiceCatalogue and MyServicesHistory and the bodies of the calls. Issue
 * messages are message keys.
 */
import { z } from '../zod';
import { isCalendarDay } from '../rules/service-dates';
import { serverTextParamsField, type ServerTextParams } from '../server-texts';
import { dayField, timestampField } from './view-row';

/** What a service is (services.category). */
export const SERVICE_CATEGORIES = ['cloud-server', 'dedicated-server', 'ip-address', 'addon', 'other'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/**
 * A service's state today: active; cancelling (an end date today or later); ended (the end date
 * has passed); trial (a free trial running, not cancelled).
 */
export const SERVICE_STATUSES = ['active', 'cancelling', 'ended', 'trial'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** What happened to a service (services_history.change_type). */
export const SERVICE_CHANGE_TYPES = [
  'created',
  'cancel-requested',
  'cancel-withdrawn',
  'ended',
  'comment',
  'trial-started',
  'trial-kept',
  'trial-removed',
] as const;
export type ServiceChangeType = (typeof SERVICE_CHANGE_TYPES)[number];

/** Longest comment on a service. */
export const SERVICE_COMMENT_MAX = 500;
/** Rows per page of the services list and of the history. */
export const SERVICES_PAGE_SIZE = 20;
export const SERVICES_HISTORY_PAGE_SIZE = 25;
/** Most history rows one MyServicesHistory call answers. */
export const SERVICES_HISTORY_MAX_LIMIT = 100;

/** A service's id (MyServices.equipment_id). */
export const equipmentIdField = z.int({ error: 'service_required' }).positive({ error: 'service_required' });

/** A calendar day, YYYY-MM-DD. */
const calendarDay = (emptyKey: 'cancel_date_required') =>
  z.string({ error: emptyKey }).check((ctx) => {
    if (ctx.value === '') ctx.issues.push({ code: 'custom', message: emptyKey, input: ctx.value });
    else if (!isCalendarDay(ctx.value)) ctx.issues.push({ code: 'custom', message: 'date_invalid', input: ctx.value });
  });

/** A comment: trimmed, empty clears it, at most SERVICE_COMMENT_MAX characters. */
const commentField = z
  .string({ error: 'invalid_data' })
  .trim()
  .max(SERVICE_COMMENT_MAX, { error: 'service_comment_too_long' })
  .meta({ maxLength: SERVICE_COMMENT_MAX });

/** A product of the service catalogue (ServiceCatalogue.code). */
const productCode = z
  .string({ error: 'service_product_required' })
  .regex(/^[a-z0-9][a-z0-9-]{1,40}$/, { error: 'service_product_required' });

/**
 * Body of POST /api/rpc/AddClientService: the account owner adds a service from the catalogue,
 * attached to one of the account's servers when the product belongs to a server.
 */
export const addClientServiceSchema = z.object({
  p_product: productCode,
  p_parent_equipment_id: equipmentIdField.nullable().optional(),
  p_comment: commentField.optional(),
});
export type AddClientServiceInput = z.input<typeof addClientServiceSchema>;

/**
 * Body of POST /api/rpc/MyServiceDelete: cancels the service on `p_end_date` (its last day; today
 * or later, never before the minimum cancel date); a second call moves the day; null withdraws
 * the cancellation while the service has not ended.
 */
export const myServiceDeleteSchema = z.object({
  p_equipment_id: equipmentIdField,
  p_end_date: calendarDay('cancel_date_required').nullable(),
});
export type MyServiceDeleteInput = z.input<typeof myServiceDeleteSchema>;

/** Body of POST /api/rpc/MyServiceComment: the service's comment ('' removes it). */
export const myServiceCommentSchema = z.object({
  p_equipment_id: equipmentIdField,
  p_comment: commentField,
});
export type MyServiceCommentInput = z.input<typeof myServiceCommentSchema>;

/** Body of POST /api/rpc/MyServicesHistory: one service's history or the account's, newest first, a page at a time. */
export const myServicesHistorySchema = z.object({
  p_equipment_id: equipmentIdField.nullable().optional(),
  p_limit: z
    .int({ error: 'invalid_data' })
    .min(1, { error: 'invalid_data' })
    .max(SERVICES_HISTORY_MAX_LIMIT, { error: 'invalid_data' })
    .default(SERVICES_HISTORY_PAGE_SIZE),
  p_offset: z.int({ error: 'invalid_data' }).min(0, { error: 'invalid_data' }).default(0),
});
export type MyServicesHistoryInput = z.input<typeof myServicesHistorySchema>;

/** One row of GET /api/MyServices (spec 1 §3 Service item and what the list shows). Days are YYYY-MM-DD. */
export const myServiceRow = z.object({
  /** The service's id. */
  equipment_id: z.int(),
  /** The service it is attached to (an add-on's server), or null. */
  parent_equipment_id: z.int().nullable(),
  /** The account (client) id. */
  client: z.guid(),
  /** The account's name as people know it: its company, else its holder's name. */
  client_name: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  /** The description in English (for readers without the key). */
  description: z.string(),
  /**
   * The description as a message key (contract server-texts.ts, e.g. 'services:description.cloud_server')
   * and its parameters, shown in the reader's language; null for a hand-added service (named by
   * product_code) or a text without a key.
   */
  description_key: z.string().nullable(),
  description_params: serverTextParamsField,
  /** The catalogue product of a hand-added service (ServiceCatalogue.code), else null. */
  product_code: z.string().nullable(),
  /** The cloud server of the service (MyVMs2.provisioned_id), if any. */
  provisioned_id: z.int().nullable(),
  /** The server's current name, when it still exists. */
  server_name: z.string().nullable(),
  start_date: dayField(),
  /** The chosen last day (a cancellation), or null. */
  end_date: dayField().nullable(),
  /** The first day the contract lets it end. */
  min_cancel_date: dayField(),
  /** The first day the service may be cancelled for now: the later of today and min_cancel_date. */
  earliest_end_date: dayField(),
  contract_months: z.int(),
  /** Monthly price in euro cents (a cloud server's from its cost breakdown); null when not priced. */
  monthly_cents: z.int().nullable(),
  comment: z.string().nullable(),
  /** The free trial's last day, or null. */
  trial_until: dayField().nullable(),
  status: z.enum(SERVICE_STATUSES),
  created_at: timestampField(),
});
export type MyService = z.infer<typeof myServiceRow>;

/** One row of GET /api/ServiceCatalogue: what AddClientService offers. */
export const serviceProductRow = z.object({
  /** The product's code (AddClientService's p_product). */
  code: z.string(),
  category: z.enum(SERVICE_CATEGORIES),
  /** English name (the web shows its translation by code when it has one). */
  name: z.string(),
  monthly_cents: z.int(),
  contract_months: z.int(),
  /** Whether it is attached to one of the account's servers (p_parent_equipment_id). */
  needs_parent: z.boolean(),
  /** Position in the catalogue. */
  sort: z.int(),
});
export type ServiceProduct = z.infer<typeof serviceProductRow>;

/** One row MyServicesHistory answers (spec 1 §3 Service history). */
export interface ServiceHistoryRow {
  history_id: number;
  equipment_id: number;
  change_type: ServiceChangeType;
  /** ISO 8601 timestamp (UTC). */
  change_date: string;
  start_date: string;
  end_date: string | null;
  category: ServiceCategory;
  contract_months: number;
  min_cancel_date: string;
  /** The service's description (English, its key and parameters as in MyServices) and catalogue product, for the table. */
  description: string;
  description_key: string | null;
  description_params: ServerTextParams;
  product_code: string | null;
  /** How many rows the whole (filtered) history holds, for paging. */
  total: number;
}

/** What the changing calls answer. */
export interface ServiceChangeAnswer {
  success: true;
  equipment_id: number;
  end_date: string | null;
}
