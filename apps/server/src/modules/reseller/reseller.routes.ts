/**
 * The reseller programme's calls (issue 17; spec 2 §7 RequestContract): a reseller's request for a
 * contract with an existing customer and its client files; the staff's decisions on agreements and
 * requests (their screens are issue 18) and the signed copy they judge. Every change is audited.
 * The agreement itself is made and signed on the service host (reseller-svc.routes.ts).
 */
import {
  approveResellerAgreementSchema,
  contractRequestDecisionSchema,
  requestContractSchema,
} from '@portside/contract/schemas/reseller';
import { customer, role } from '../../http/access.js';
import { defineFile, defineRpc, type AnyFile, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import {
  approveAgreement,
  approveContract,
  clientFile,
  rejectContractRequest,
  requestContract,
  signedAgreementFile,
} from './reseller.service.js';

const staff = role('staff');
const request = (id: number | string | undefined) => target('contract request', id ?? null);

export const resellerRpcs: AnyRpc[] = [
  defineRpc({
    name: 'RequestContract',
    access: customer,
    schema: requestContractSchema,
    audit: true,
    auditTarget: (b, r) => [request(answerField(r, 'request')), b.p_email],
    handler: (ctx, b) => requestContract(ctx, b.p_email),
  }),
  defineRpc({
    name: 'ApproveResellerAgreement',
    access: staff,
    schema: approveResellerAgreementSchema,
    audit: true,
    auditTarget: (b, r) => [target('reseller agreement', b.p_client), `code ${answerField(r, 'referrer_code') ?? '-'}`],
    handler: (ctx, b) => approveAgreement(ctx, b.p_client),
  }),
  defineRpc({
    name: 'ApproveContract',
    access: staff,
    schema: contractRequestDecisionSchema,
    audit: true,
    auditTarget: (b) => [request(b.p_request), 'approved'],
    handler: (ctx, b) => approveContract(ctx, b.p_request),
  }),
  defineRpc({
    name: 'RejectContractRequest',
    access: staff,
    schema: contractRequestDecisionSchema,
    audit: true,
    auditTarget: (b) => [request(b.p_request), 'rejected'],
    handler: (ctx, b) => rejectContractRequest(ctx, b.p_request),
  }),
];

export const resellerFiles: AnyFile[] = [
  defineFile({ name: 'ClientFile', access: customer, handler: clientFile }),
  defineFile({ name: 'ResellerSignedAgreement', access: staff, handler: signedAgreementFile }),
];
