/**
 * Support (issue 16; spec 1 §4 'Ticket', 'Client file', 'Help text', spec 2 §7 'Tickets and files',
 * §8 'Tickets', 'Uploads', §9 'Uploads'): the rows of MyTickets, MyTicketComments, GetSupportStaff,
 * MyFiles, Helptexts, InternalStatus and the abuse reports, and the bodies of their calls. Issue
 * messages are message keys (messages.ts); the upload rule is in rules/image-type.ts.
 */
import { z } from '../zod';
import type { MessageKey } from '../messages';
import { LANGUAGES, LIMITS } from '../constants';
import { validateEmail } from '../rules/validators';
import { hasControlChars } from '../rules/control-chars';
import { optionalText, requiredCode, requiredText } from './fields';
import { timestampField } from './view-row';

// ——— Constants ———

export const TICKET_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
/** 'unconfirmed': a visitor's ticket whose e-mail address is not confirmed yet (not in the queue). */
export const TICKET_STATUSES = ['unconfirmed', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Spec 2 §9: misusing high priority is charged at the Remote Hands rate, in euro per hour. */
export const REMOTE_HANDS_EUR_PER_HOUR = 50;
export const TICKET_TITLE_MAX = 150;
export const TICKET_TEXT_MAX = 10_000;
/** Ticket attachments are jpg or png only (spec 2 §9), checked by content. */
export const TICKET_ATTACHMENT_TYPES = ['image/jpeg', 'image/png'] as const;
/** What a file is uploaded for: a ticket's attachment, or a reseller's client file (issue 17). */
export const FILE_CATEGORIES = ['ticket', 'client'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];
/** The multipart field FileUpload reads the file from. */
export const FILE_UPLOAD_FIELD = 'file';
/** How long a visitor's ticket link works (days since the ticket's last activity). */
export const GUEST_TICKET_LINK_DAYS = 90;

/** The kinds of notice of the EU Digital Services Act's notice-and-action (art. 16). */
export const ABUSE_KINDS = ['spam', 'phishing', 'malware', 'copyright', 'illegal_content', 'other'] as const;
export type AbuseKind = (typeof ABUSE_KINDS)[number];
export const ABUSE_STATUSES = ['open', 'resolved', 'rejected'] as const;
export type AbuseStatus = (typeof ABUSE_STATUSES)[number];
export const ABUSE_LOCATION_MAX = 500;
export const ABUSE_EXPLANATION_MAX = 5000;

/**
 * The help texts the portal reads by label (= the route's name, spec 2 §7 `label=eq.{label}`): the
 * content pages, whose defaults live in the web's translations until staff write their own.
 */
export const CONTENT_PAGE_LABELS = ['privacy_policy', 'terms_of_service', 'client-area', 'synology', 'dummy'] as const;
export type ContentPageLabel = (typeof CONTENT_PAGE_LABELS)[number];
export const HELPTEXT_LABEL_MAX = 64;
export const HELPTEXT_HTML_MAX = 100_000;

export const STATUS_LEVELS = ['info', 'warning', 'critical'] as const;
export type StatusLevel = (typeof STATUS_LEVELS)[number];
export const STATUS_MESSAGE_MAX = 500;
/** The automatic status while the heartbeat has lost a cluster (spec 2 §8), by its stable key. */
export const SYNC_LOST_STATUS_KEY = 'sync_lost';

// ——— Fields ———

const idField = z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' });
const oneOf =
  <T extends readonly string[]>(list: T, key: MessageKey) =>
  (v: string): MessageKey | null =>
    (list as readonly string[]).includes(v) ? null : key;

const priorityField = requiredCode('ticket_priority_invalid', 16, oneOf(TICKET_PRIORITIES, 'ticket_priority_invalid')).pipe(
  z.enum(TICKET_PRIORITIES),
);
const titleField = requiredText('ticket_title_empty', TICKET_TITLE_MAX);
const descriptionField = requiredText('ticket_description_empty', TICKET_TEXT_MAX);
const commentField = requiredText('ticket_comment_empty', TICKET_TEXT_MAX);
/** Ids of files uploaded with FileUpload (category 'ticket'), at most three per ticket or comment. */
const filesField = z
  .array(idField, { error: 'invalid_data' })
  .max(LIMITS.ticketAttachments, { error: 'ticket_too_many_files' })
  .transform((ids) => [...new Set(ids)])
  .optional();
const emailField = requiredText('email_empty', 254, validateEmail).toLowerCase();
const nameField = requiredText('abuse_name_empty', 100);
const languageField = z.enum(LANGUAGES, { error: 'invalid_data' }).optional();
/** A visitor's ticket key from the link mailed to them: 43 URL-safe base64 characters. */
const guestKeyField = z.string({ error: 'invalid_data' }).regex(/^[A-Za-z0-9_-]{43}$/, { error: 'guest_ticket_link_invalid' });

// ——— Rows ———

/** MyTickets (the account's; sub-users their own) and AllTickets (staff: every account's). */
export const ticketRow = z.object({
  ticket: z.int(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  created_at: timestampField(),
  updated_at: timestampField(),
  closed_at: timestampField().nullable(),
  /** Who opened it: the user's e-mail address, or the visitor's. */
  created_by: z.string(),
  created_by_name: z.string(),
  /** The user who opened it; null for a visitor's ticket. */
  created_by_user: z.uuid().nullable(),
  /** The agent (a staff user, GetSupportStaff) the ticket is assigned to. */
  agent: z.uuid().nullable(),
  agent_name: z.string().nullable(),
  comments: z.int(),
  attachments: z.int(),
  /** When the last comment was written (or the ticket opened). */
  last_activity_at: timestampField(),
  /** Whether the last word is the provider's (the customer has a reply to read). */
  answered: z.boolean(),
  /** The account (staff see it in the queue); null for a visitor's ticket. */
  client: z.uuid().nullable(),
  client_name: z.string().nullable(),
  /** The staff queue's order: open before closed, unassigned first, then by priority (high first). */
  queue_rank: z.int(),
});
export type TicketRow = z.infer<typeof ticketRow>;

/** A file attached to a ticket or a comment (served by GET /api/TicketAttachment/{file}). */
export const attachmentItem = z.object({
  file: z.int(),
  name: z.string(),
  type: z.string(),
  size: z.int(),
});
export type AttachmentItem = z.infer<typeof attachmentItem>;

/**
 * MyTicketComments / AllTicketComments (`ticket=eq.{id}`): the ticket's conversation in order. The
 * first entry (`comment` 0) is the description with the ticket's own attachments.
 */
export const ticketCommentRow = z.object({
  ticket: z.int(),
  comment: z.int(),
  body: z.string(),
  author_name: z.string(),
  /** 'customer' (a user of the account or the visitor) or 'staff'. */
  author_side: z.enum(['customer', 'staff']),
  created_at: timestampField(),
  attachments: z.array(attachmentItem),
});
export type TicketCommentRow = z.infer<typeof ticketCommentRow>;

/** GetSupportStaff: the agents a ticket can be assigned to (no addresses reach customers). */
export const supportStaffRow = z.object({
  agent: z.uuid(),
  name: z.string(),
});
export type SupportStaffRow = z.infer<typeof supportStaffRow>;

/** MyFiles: the account's uploaded files (spec 1 §4 'Client file'). */
export const fileRow = z.object({
  file: z.int(),
  name: z.string(),
  type: z.string(),
  category: z.enum(FILE_CATEGORIES),
  size: z.int(),
  created_at: timestampField(),
  /** The ticket it is attached to, if any. */
  ticket: z.int().nullable(),
  /** For a reseller's client file: the contracted client it is about. */
  for_client: z.uuid().nullable(),
});
export type FileRow = z.infer<typeof fileRow>;

/** Helptexts (`label=eq.{label}`): staff-written HTML, sanitised on the server when saved. */
export const helptextRow = z.object({
  label: z.string(),
  html: z.string(),
  updated_at: timestampField(),
});
export type HelptextRow = z.infer<typeof helptextRow>;

/**
 * InternalStatus: what every page shows as a banner. Posted statuses have a message; the automatic
 * one (`key` 'sync_lost', id 0) is shown in the reader's language by its key.
 */
export const internalStatusRow = z.object({
  id: z.int(),
  level: z.enum(STATUS_LEVELS),
  message: z.string(),
  key: z.string().nullable(),
  created_at: timestampField(),
});
export type InternalStatusRow = z.infer<typeof internalStatusRow>;

/** AbuseReports (staff): the notices received. */
export const abuseReportRow = z.object({
  report: z.int(),
  reference: z.string(),
  reporter_name: z.string(),
  reporter_email: z.string(),
  location: z.string(),
  kind: z.enum(ABUSE_KINDS),
  explanation: z.string(),
  status: z.enum(ABUSE_STATUSES),
  resolution_note: z.string(),
  resolved_by: z.string().nullable(),
  resolved_at: timestampField().nullable(),
  created_at: timestampField(),
});
export type AbuseReportRow = z.infer<typeof abuseReportRow>;

// ——— Bodies ———

export const createTicketSchema = z.object({
  p_title: titleField,
  p_description: descriptionField,
  p_priority: priorityField.default('normal'),
  p_files: filesField,
});
export type CreateTicketBody = z.input<typeof createTicketSchema>;

/**
 * UpdateTicket: the priority, closing (`closed`) or reopening (`open`), and — staff only — the agent
 * (null to unassign). At least one change.
 */
export const updateTicketSchema = z
  .object({
    p_ticket: idField,
    p_priority: priorityField.optional(),
    p_status: z.enum(['open', 'closed'], { error: 'invalid_data' }).optional(),
    p_agent: z.uuid({ error: 'invalid_data' }).nullable().optional(),
  })
  .check((ctx) => {
    const b = ctx.value;
    if (b.p_priority === undefined && b.p_status === undefined && b.p_agent === undefined)
      ctx.issues.push({ code: 'custom', message: 'ticket_nothing_to_change', input: b, path: ['p_ticket'] });
  });
export type UpdateTicketBody = z.input<typeof updateTicketSchema>;

export const respondToTicketSchema = z.object({
  p_ticket: idField,
  p_comment: commentField,
  p_files: filesField,
});
export type RespondToTicketBody = z.input<typeof respondToTicketSchema>;

/** FileUpload's text fields (the file comes in the multipart field {@link FILE_UPLOAD_FIELD}). */
export const fileUploadFieldsSchema = z
  .object({
    p_category: z.enum(FILE_CATEGORIES, { error: 'invalid_data' }).default('ticket'),
    /** A reseller's client file (category 'client') names the contracted client it is about. */
    p_client: z.uuid({ error: 'invalid_data' }).optional(),
  })
  .check((ctx) => {
    const { p_category, p_client } = ctx.value;
    if (p_category === 'client' && !p_client)
      ctx.issues.push({ code: 'custom', message: 'reseller_client_required', path: ['p_client'], input: p_client });
    if (p_category !== 'client' && p_client)
      ctx.issues.push({ code: 'custom', message: 'reseller_client_not_allowed', path: ['p_client'], input: p_client });
  });

/** A visitor's ticket (the /tickets route is open to everyone): confirmed through a mailed link. */
export const guestCreateTicketSchema = z.object({
  p_email: emailField,
  p_name: requiredText('ticket_name_empty', 100),
  p_title: titleField,
  p_description: descriptionField,
  p_language: languageField,
});
export type GuestCreateTicketBody = z.input<typeof guestCreateTicketSchema>;

export const guestTicketSchema = z.object({ p_ticket: idField, p_key: guestKeyField });
export const guestRespondSchema = z.object({ p_ticket: idField, p_key: guestKeyField, p_comment: commentField });

/** ReportAbuse (public): a notice as the EU Digital Services Act art. 16 asks for. */
export const reportAbuseSchema = z.object({
  p_name: nameField,
  p_email: emailField,
  /** Where the content is: a URL, an IP address or a server's name. */
  p_location: requiredText('abuse_location_empty', ABUSE_LOCATION_MAX),
  p_kind: requiredCode('abuse_kind_empty', 32, oneOf(ABUSE_KINDS, 'abuse_kind_empty')).pipe(z.enum(ABUSE_KINDS)),
  p_explanation: requiredText('abuse_explanation_empty', ABUSE_EXPLANATION_MAX),
  /** The statement that the notice is accurate and made in good faith; must be true. */
  p_good_faith: z.literal(true, { error: 'abuse_good_faith_required' }),
  p_language: languageField,
});
export type ReportAbuseBody = z.input<typeof reportAbuseSchema>;

export const resolveAbuseReportSchema = z.object({
  p_report: idField,
  p_status: z.enum(['resolved', 'rejected'], { error: 'invalid_data' }),
  p_note: optionalText(2000),
});

/** PATCH /api/Helptexts?label=eq.{label} (staff): the HTML, sanitised on the server. */
export const updateHelptextSchema = z.object({
  html: z
    .string({ error: 'invalid_data' })
    .max(HELPTEXT_HTML_MAX, { error: 'field_too_long' })
    .check((ctx) => {
      if (hasControlChars(ctx.value)) ctx.issues.push({ code: 'custom', message: 'control_characters', input: ctx.value });
    }),
  p_label: requiredText('invalid_data', HELPTEXT_LABEL_MAX, (v) => (/^[a-z0-9_-]+$/i.test(v) ? null : 'invalid_data')),
});

/** PostInternalStatus (staff): a banner every page shows until it is ended. */
export const postInternalStatusSchema = z.object({
  p_message: requiredText('status_message_empty', STATUS_MESSAGE_MAX),
  p_level: z.enum(STATUS_LEVELS, { error: 'invalid_data' }).default('info'),
});
export const endInternalStatusSchema = z.object({ p_id: idField });
