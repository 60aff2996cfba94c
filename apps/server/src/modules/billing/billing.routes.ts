/**
 * Billing reads (spec 2 §7 MyInvoices; issue 5): the account's invoices, credit balance and
 * deposits, and each invoice as a PDF. Read-only. Access: claim `billing-manage` (issue 9, docs/access.md):
 * the owner, or a sub-user granted billing.
 */
import { claim } from '../../http/access.js';
import { defineFile, type AnyFile } from '../../routes/route-defs.js';
import { invoicePdf } from './billing.service.js';

/** Billing, payments, vouchers and ordering: the owner, or a sub-user holding billing-manage (docs/access.md). */
const manageBilling = claim('billing-manage');

export const billingFiles: AnyFile[] = [defineFile({ name: 'InvoicePdf', access: manageBilling, handler: invoicePdf })];
