/**
 * The reseller programme's reads (issue 17; spec 2 §7 MyResellerContracts): the account's standing
 * (MyReseller), its contracts and requests, its clients' invoices with the commission of each; and
 * for staff every reseller's agreement and every contract request. A reseller reads its clients'
 * rows only through the SECURITY DEFINER functions of migration 0035, which are limited to its own
 * contracts: another account's client id simply matches no row.
 */
import {
  contractRequestAdminRow,
  contractRequestRow,
  myResellerRow,
  resellerAgreementRow,
  resellerContractRow,
  resellerInvoiceRow,
} from '@portside/contract/schemas/reseller';
import { customer, role } from '../../http/access.js';
import { defineView, type ViewDef } from '../../routes/route-defs.js';

const staff = role('staff');

export const resellerViews: ViewDef[] = [
  defineView({
    name: 'MyReseller',
    access: customer,
    row: myResellerRow,
    source: `SELECT client_id AS client, referrer_code, commission_percent, agreement_status, generated_at, submitted_at,
                    signed_name, approved_at
               FROM resellers WHERE client_id = portside_client()`,
  }),
  defineView({
    name: 'MyResellerContracts',
    access: customer,
    row: resellerContractRow,
    source: `SELECT contract::int AS contract, reseller, client, client_name, client_company, origin, created, expires,
                    commission_percent, status, invoices, commission_cents
               FROM portside_reseller_contracts()`,
    order: 'created.desc,contract.desc',
  }),
  defineView({
    name: 'MyContractRequests',
    access: customer,
    row: contractRequestRow,
    source: `SELECT id::int AS request, email, status, created_at, decided_at
               FROM reseller_contract_requests WHERE reseller_id = portside_client()`,
    order: 'created_at.desc,request.desc',
  }),
  defineView({
    name: 'MyResellerInvoices',
    access: customer,
    row: resellerInvoiceRow,
    source: `SELECT client, contract::int AS contract, invoice::int AS invoice, number, issued_on, due_on, status, amount_cents,
                    paid_cents, commission_base_cents, commission_percent, commission_cents
               FROM portside_reseller_invoices()`,
    order: 'issued_on.desc,invoice.desc',
  }),
  defineView({
    name: 'ResellerAgreements',
    access: staff,
    row: resellerAgreementRow,
    system: true,
    source: `SELECT r.client_id AS client, btrim(c.first_name || ' ' || c.last_name) AS client_name,
                    nullif(btrim(c.company_name), '') AS client_company, coalesce(lower(u.email), '') AS email,
                    r.agreement_status, r.referrer_code, r.commission_percent, r.generated_at, r.submitted_at, r.approved_at
               FROM resellers r JOIN clients c ON c.id = r.client_id
               LEFT JOIN users u ON u.client_id = r.client_id AND u.is_owner
              WHERE c.deleted_at IS NULL`,
    order: 'submitted_at.desc.nullslast,client.asc',
  }),
  defineView({
    name: 'ContractRequests',
    access: staff,
    row: contractRequestAdminRow,
    system: true,
    source: `SELECT q.id::int AS request, q.reseller_id AS reseller, btrim(r.first_name || ' ' || r.last_name) AS reseller_name,
                    q.email, q.target_client_id AS client, btrim(k.first_name || ' ' || k.last_name) AS client_name,
                    q.status, q.created_at, q.decided_at
               FROM reseller_contract_requests q JOIN clients r ON r.id = q.reseller_id JOIN clients k ON k.id = q.target_client_id`,
    order: 'created_at.asc,request.asc',
  }),
];
