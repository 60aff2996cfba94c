/**
 * The support reads (issue 16; spec 2 §7): MyTickets, MyTicketComments, GetSupportStaff, MyFiles,
 * Helptexts and InternalStatus, and the staff's AllTickets, AllTicketComments and AbuseReports.
 * Rows are the contract's (schemas/support.ts).
 */
import {
  abuseReportRow,
  fileRow,
  helptextRow,
  internalStatusRow,
  supportStaffRow,
  ticketCommentRow,
  ticketRow,
} from '@portside/contract/schemas/support';
import { customer, publicAccess, role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';
import { TENANT_TICKET_FILTER, TICKET_COMMENTS_SQL, TICKET_ROW_SQL } from './tickets.repository.js';
import { ABUSE_ROW_SQL, HELPTEXT_ROW_SQL, STATUS_ROW_SQL } from './support.repository.js';

const staff = role('staff');

export const supportViews: ViewDef[] = [
  defineView({
    name: 'MyTickets',
    access: customer,
    row: ticketRow,
    source: `${TICKET_ROW_SQL} WHERE t.id IN (SELECT id FROM tickets WHERE ${TENANT_TICKET_FILTER})`,
    order: 'last_activity_at.desc',
  }),
  defineView({
    name: 'MyTicketComments',
    access: customer,
    row: ticketCommentRow,
    source: `SELECT * FROM (${TICKET_COMMENTS_SQL}) x WHERE x.ticket IN (SELECT id FROM tickets WHERE ${TENANT_TICKET_FILTER})`,
    order: 'ticket.asc,comment.asc',
  }),
  defineView({
    name: 'AllTickets',
    access: staff,
    row: ticketRow,
    system: true,
    source: `${TICKET_ROW_SQL} WHERE t.status <> 'unconfirmed'`,
    order: 'queue_rank.asc,last_activity_at.asc',
  }),
  defineView({
    name: 'AllTicketComments',
    access: staff,
    row: ticketCommentRow,
    system: true,
    source: `SELECT * FROM (${TICKET_COMMENTS_SQL}) x WHERE x.ticket IN (SELECT id FROM tickets WHERE status <> 'unconfirmed')`,
    order: 'ticket.asc,comment.asc',
  }),
  defineView({
    name: 'GetSupportStaff',
    access: customer,
    row: supportStaffRow,
    source: `SELECT agent, name FROM portside_support_staff()`,
    order: 'name.asc',
  }),
  defineView({
    name: 'MyFiles',
    access: customer,
    row: fileRow,
    source: `SELECT f.id::int AS file, f.name, f.mime AS type, f.category, f.size, f.created_at, a.ticket_id::int AS ticket,
                    f.for_client
      FROM files f LEFT JOIN ticket_attachments a ON a.file_id = f.id WHERE f.client_id = portside_client()`,
    order: 'created_at.desc',
  }),
  defineView({
    name: 'Helptexts',
    access: publicAccess,
    row: helptextRow,
    system: true,
    source: HELPTEXT_ROW_SQL,
    order: 'label.asc',
  }),
  defineView({
    name: 'InternalStatus',
    access: publicAccess,
    row: internalStatusRow,
    source: STATUS_ROW_SQL,
    order: 'created_at.desc',
  }),
  defineView({
    name: 'AbuseReports',
    access: staff,
    row: abuseReportRow,
    system: true,
    source: ABUSE_ROW_SQL,
    order: 'created_at.desc',
  }),
];
