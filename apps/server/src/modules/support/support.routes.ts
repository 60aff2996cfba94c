/**
 * The support calls (issue 16; spec 2 §7 'Tickets and files', 'Public'): tickets and their files
 * for every logged-in user (the Support group has no claim, spec 1 §2), visitors' tickets and abuse
 * reports for anyone, and the staff's calls on help texts, status messages and reports. Each
 * mutating call is audited with what it touched.
 */
import { LIMITS } from '@portside/contract/constants';
import {
  FILE_UPLOAD_FIELD,
  createTicketSchema,
  endInternalStatusSchema,
  fileUploadFieldsSchema,
  guestCreateTicketSchema,
  guestRespondSchema,
  guestTicketSchema,
  postInternalStatusSchema,
  reportAbuseSchema,
  resolveAbuseReportSchema,
  respondToTicketSchema,
  updateHelptextSchema,
  updateTicketSchema,
} from '@portside/contract/schemas/support';
import { customer, publicAccess, role } from '../../http/access.js';
import { uploadedImage } from '../../http/multipart.js';
import { defineFile, defineRpc, type AnyFile, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import { uploadFile } from './uploads.js';
import { createTicket, respondToTicket, updateTicket } from './tickets.service.js';
import { guestCreateTicket, guestRespond, guestTicket } from './guest-tickets.js';
import { endStatus, postStatus, reportAbuse, resolveAbuseReport, updateHelptext } from './support.service.js';
import { attachmentFile } from './attachments.js';
import { assertContractedClient } from '../reseller/reseller.service.js';

const staff = role('staff');
const ticket = (id: number | string | undefined, name?: string) => target('ticket', id ?? null, name);

export const supportRpcs: AnyRpc[] = [
  defineRpc({
    name: 'FileUpload',
    access: customer,
    schema: fileUploadFieldsSchema.extend({ [FILE_UPLOAD_FIELD]: uploadedImage }),
    multipart: { fileField: FILE_UPLOAD_FIELD, maxFileBytes: LIMITS.uploadMaxBytes },
    audit: true,
    auditTarget: (b, r) => target('file', answerField(r, 'file'), b.file.filename.slice(0, 100)),
    handler: async (ctx, b) => {
      // A reseller's client file (issue 17) is filed only under one of its own clients.
      if (b.p_category === 'client') await assertContractedClient(ctx, b.p_client!);
      return uploadFile(ctx, { p_category: b.p_category, p_client: b.p_client ?? null, file: b.file });
    },
  }),
  defineRpc({
    name: 'CreateTicket',
    access: customer,
    schema: createTicketSchema,
    audit: true,
    auditTarget: (b, r) => ticket(answerField(r, 'ticket'), b.p_title),
    handler: (ctx, b) => createTicket(ctx, b),
  }),
  defineRpc({
    name: 'RespondToTicket',
    access: customer,
    schema: respondToTicketSchema,
    audit: true,
    auditTarget: (b) => ticket(b.p_ticket),
    handler: (ctx, b) => respondToTicket(ctx, b),
  }),
  defineRpc({
    name: 'UpdateTicket',
    access: customer,
    schema: updateTicketSchema,
    audit: true,
    auditTarget: (b) => [
      ticket(b.p_ticket),
      ...[
        b.p_status,
        b.p_priority && `priority ${b.p_priority}`,
        b.p_agent !== undefined && `agent ${b.p_agent ?? 'none'}`,
      ].filter((x): x is string => typeof x === 'string'),
    ],
    handler: (ctx, b) => updateTicket(ctx, b),
  }),
  defineRpc({
    name: 'GuestCreateTicket',
    access: publicAccess,
    schema: guestCreateTicketSchema,
    handler: (ctx, b) => guestCreateTicket(ctx, b),
  }),
  defineRpc({
    name: 'GuestTicket',
    access: publicAccess,
    schema: guestTicketSchema,
    handler: (ctx, b) => guestTicket(ctx, b),
  }),
  defineRpc({
    name: 'GuestRespondToTicket',
    access: publicAccess,
    schema: guestRespondSchema,
    handler: (ctx, b) => guestRespond(ctx, b),
  }),
  defineRpc({
    name: 'ReportAbuse',
    access: publicAccess,
    schema: reportAbuseSchema,
    handler: (ctx, b) => reportAbuse(ctx, b),
  }),
  defineRpc({
    name: 'ResolveAbuseReport',
    access: staff,
    schema: resolveAbuseReportSchema,
    audit: true,
    auditTarget: (b) => [target('abuse report', b.p_report), b.p_status],
    handler: (ctx, b) => resolveAbuseReport(ctx, b),
  }),
  defineRpc({
    name: 'UpdateHelptext',
    access: staff,
    schema: updateHelptextSchema,
    patch: { view: 'Helptexts', key: 'label', text: true },
    audit: true,
    auditTarget: (b) => target('help text', b.p_label),
    handler: (ctx, b) => updateHelptext(ctx, b),
  }),
  defineRpc({
    name: 'PostInternalStatus',
    access: staff,
    schema: postInternalStatusSchema,
    audit: true,
    auditTarget: (b, r) => target('status message', answerField(r, 'id'), b.p_message.slice(0, 60)),
    handler: (ctx, b) => postStatus(ctx, b),
  }),
  defineRpc({
    name: 'EndInternalStatus',
    access: staff,
    schema: endInternalStatusSchema,
    audit: true,
    auditTarget: (b) => target('status message', b.p_id),
    handler: (ctx, b) => endStatus(ctx, b.p_id),
  }),
];

export const supportFiles: AnyFile[] = [defineFile({ name: 'TicketAttachment', access: customer, handler: attachmentFile })];
