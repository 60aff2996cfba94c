/**
 * The calls of two-factor sign-in (issue 19): the public second login step and enrolment (by
 * ticket), and the settings calls of the logged-in user (session only: none of them is given an
 * API-token area, so a token can never change a second factor).
 */
import {
  loginPasskeyOptionsSchema,
  loginPasskeyVerifySchema,
  loginSecondFactorSchema,
  passkeyDeleteSchema,
  passkeyRenameSchema,
  passkeyProofOptionsSchema,
  passkeyRegisterOptionsSchema,
  passkeyRegisterVerifySchema,
  twoFactorEnrolConfirmSchema,
  twoFactorEnrolPasskeyOptionsSchema,
  twoFactorEnrolPasskeyVerifySchema,
  twoFactorEnrolStartSchema,
  twoFactorProofSchema,
  twoFactorRequireSchema,
  twoFactorTotpConfirmSchema,
  twoFactorTotpStartSchema,
} from '@portside/contract/schemas/two-factor';
import { customer, owner, publicAccess } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import * as login from './two-factor.login.js';
import * as passkeys from './two-factor.passkeys.js';
import * as proof from './two-factor.proof.js';
import * as twoFactor from './two-factor.service.js';

/** The second factor a proof body offers: a typed code or a passkey's signature. */
const proofOf = (b: { p_code?: string; p_passkey?: unknown }): proof.Proof => ({ code: b.p_code, passkey: b.p_passkey });

export const twoFactorRpcs: AnyRpc[] = [
  // Public: the ticket proves the password; each writes its own log entry (there is no caller yet).
  defineRpc({
    name: 'LoginSecondFactor',
    access: publicAccess,
    schema: loginSecondFactorSchema,
    handler: (ctx, b) => login.loginSecondFactor(ctx, b.p_ticket, b.p_code),
  }),
  defineRpc({
    name: 'TwoFactorEnrolStart',
    access: publicAccess,
    schema: twoFactorEnrolStartSchema,
    handler: (ctx, b) => login.enrolStart(ctx, b.p_ticket),
  }),
  defineRpc({
    name: 'TwoFactorEnrolConfirm',
    access: publicAccess,
    schema: twoFactorEnrolConfirmSchema,
    handler: (ctx, b) => login.enrolConfirm(ctx, b.p_ticket, b.p_code),
  }),
  defineRpc({
    name: 'TwoFactorEnrolPasskeyOptions',
    access: publicAccess,
    schema: twoFactorEnrolPasskeyOptionsSchema,
    handler: (ctx, b) => passkeys.enrolOptions(ctx, b.p_ticket),
  }),
  defineRpc({
    name: 'TwoFactorEnrolPasskeyVerify',
    access: publicAccess,
    schema: twoFactorEnrolPasskeyVerifySchema,
    handler: (ctx, b) => passkeys.enrolVerify(ctx, b.p_ticket, b.p_name, b.p_response),
  }),
  defineRpc({
    name: 'TwoFactorTotpStart',
    access: customer,
    schema: twoFactorTotpStartSchema,
    audit: true,
    auditTarget: (_b, _r, caller) => ['authenticator app set-up of', target('user', null, caller.email)],
    handler: (ctx) => twoFactor.totpStart(ctx),
  }),
  defineRpc({
    name: 'TwoFactorTotpConfirm',
    access: customer,
    schema: twoFactorTotpConfirmSchema,
    audit: true,
    auditTarget: (_b, _r, caller) => ['two-factor sign-in of', target('user', null, caller.email)],
    handler: (ctx, b) => twoFactor.totpConfirm(ctx, b.p_code),
  }),
  defineRpc({
    name: 'TwoFactorRecoveryRegenerate',
    access: customer,
    schema: twoFactorProofSchema,
    audit: true,
    auditTarget: (_b, _r, caller) => ['recovery codes of', target('user', null, caller.email)],
    handler: (ctx, b) => twoFactor.recoveryRegenerate(ctx, b.p_password, proofOf(b)),
  }),
  defineRpc({
    name: 'TwoFactorDisable',
    access: customer,
    schema: twoFactorProofSchema,
    audit: true,
    auditTarget: (_b, _r, caller) => ['two-factor sign-in of', target('user', null, caller.email)],
    handler: (ctx, b) => twoFactor.disable(ctx, b.p_password, proofOf(b)),
  }),
  defineRpc({
    name: 'TwoFactorRequire',
    access: owner,
    schema: twoFactorRequireSchema,
    audit: true,
    auditTarget: (b, _r, caller) => [
      b.p_required ? 'two-factor sign-in required of' : 'two-factor sign-in optional for',
      target('account', caller.clientId),
    ],
    handler: (ctx, b) => twoFactor.requireForAccount(ctx, b.p_required),
  }),
  defineRpc({
    name: 'PasskeyProofOptions',
    access: customer,
    schema: passkeyProofOptionsSchema,
    audit: true,
    auditTarget: (_b, _r, caller) => ['passkey proof of', target('user', null, caller.email)],
    handler: (ctx) => proof.proofOptions(ctx),
  }),
  defineRpc({
    name: 'LoginPasskeyOptions',
    access: publicAccess,
    schema: loginPasskeyOptionsSchema,
    handler: (ctx, b) => passkeys.loginOptions(ctx, b.p_ticket),
  }),
  defineRpc({
    name: 'LoginPasskeyVerify',
    access: publicAccess,
    schema: loginPasskeyVerifySchema,
    handler: (ctx, b) => passkeys.loginVerify(ctx, b.p_ticket, b.p_response),
  }),
  defineRpc({
    name: 'PasskeyRegisterOptions',
    access: customer,
    schema: passkeyRegisterOptionsSchema,
    audit: true,
    auditTarget: (_b, _r, caller) => ['passkey registration of', target('user', null, caller.email)],
    handler: (ctx) => passkeys.registerOptions(ctx),
  }),
  defineRpc({
    name: 'PasskeyRegisterVerify',
    access: customer,
    schema: passkeyRegisterVerifySchema,
    audit: true,
    auditTarget: (b, r, caller) => [
      `passkey "${b.p_name}" #${answerField(r, 'id') ?? '?'} of`,
      target('user', null, caller.email),
    ],
    handler: (ctx, b) => passkeys.registerVerify(ctx, b.p_name, b.p_response),
  }),
  defineRpc({
    name: 'PasskeyRename',
    access: customer,
    schema: passkeyRenameSchema,
    audit: true,
    auditTarget: (b, r, caller) => [
      `passkey #${b.p_id} "${answerField(r, 'old_name') ?? '?'}" renamed "${b.p_name}" of`,
      target('user', null, caller.email),
    ],
    handler: (ctx, b) => passkeys.renamePasskey(ctx, b.p_id, b.p_name),
  }),
  defineRpc({
    name: 'PasskeyDelete',
    access: customer,
    schema: passkeyDeleteSchema,
    audit: true,
    auditTarget: (b, _r, caller) => [`passkey #${b.p_id} of`, target('user', null, caller.email)],
    handler: (ctx, b) => passkeys.deletePasskey(ctx, b.p_id, b.p_password, proofOf(b)),
  }),
];
