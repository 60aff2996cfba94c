import { hash, verify } from '@node-rs/argon2';
import { LIMITS } from '@portside/contract/constants';
import type { RegisterBody } from '@portside/contract/schemas/auth';
import type { LoginAnswer } from '@portside/contract/schemas/two-factor';
import type { Ctx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import { sessionTtlSeconds } from '../../http/auth.js';
import { attemptKeys, guardAttempt, recordAttempt } from '../../http/rate-limit.js';
import { writeAudit } from '../audit/audit.repository.js';
import { endUserSessions } from '../sessions/sessions.repository.js';
import { startSession } from '../sessions/sessions.service.js';
import { assertRedeemable } from '../voucher/voucher.service.js';
import { recordReferral } from '../reseller/reseller.service.js';
import { secondStepFor } from '../two-factor/two-factor.login.js';
import * as repo from './auth.repository.js';
import { checkCode, issueCode, openResetMessage, sealResetMessage } from './auth.codes.js';
import { confirmMail, resetMail, takenMail } from './auth.mails.js';

const ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };
// Verified against when the e-mail is unknown, so both paths take the same time.
const DUMMY_HASH = hash('portside-dummy-password', ARGON);

export const hashPassword = (password: string) => hash(password, ARGON);

/** Links in mails use PUBLIC_URL, never a request header (which a caller could forge). */
function baseUrl(ctx: Ctx): string {
  return (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/$/, '');
}

/**
 * Refuses (429) when this address has used up its attempts, on any account or on this one;
 * otherwise holds the call as long as the account's failures from every address say (a growing
 * delay, never a refusal, so an attacker cannot lock the owner out). Answers the account's count.
 */
function guardRate(ctx: Ctx, kind: string, email: string): Promise<number> {
  return guardAttempt(ctx.db, ctx.config.rateLimit, attemptKeys(kind, ctx.ip, email));
}

function countAttempt(ctx: Ctx, kind: string, email: string): Promise<void> {
  return recordAttempt(ctx.db, attemptKeys(kind, ctx.ip, email));
}

/** The calls that send mail send no more to an address that had its share in the window (no mail bombing). */
const mayMail = (ctx: Ctx, attemptsBefore: number) => attemptsBefore < ctx.config.rateLimit.perAccount;

/**
 * login: the password, then (issue 19) the second step when the user has 2FA or the account
 * requires it: the answer is then a ticket for LoginSecondFactor or for enrolment, not a token.
 */
export async function login(ctx: Ctx, email: string, password: string): Promise<LoginAnswer> {
  await guardRate(ctx, 'login', email);
  const user = await ctx.db.system((tx) => repo.findUserByEmail(tx, email));
  const ok = await verify(user?.password_hash ?? (await DUMMY_HASH), password).catch(() => false);
  if (!user || !ok) {
    await countAttempt(ctx, 'login', email);
    if (user)
      await ctx.db.system((tx) =>
        writeAudit(tx, {
          clientId: user.client_id,
          userId: user.id,
          email: user.email,
          action: 'login',
          result: 'error',
          ip: ctx.ip,
        }),
      );
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!user.confirmed) throw new AppError('UNCONFIRMED_EMAIL', { details: user.email });
  if (user.blocked) throw new AppError('ACCOUNT_BLOCKED');
  await ctx.db.system((tx) =>
    writeAudit(tx, { clientId: user.client_id, userId: user.id, email: user.email, action: 'login', result: 'ok', ip: ctx.ip }),
  );
  const second = await secondStepFor(ctx, user);
  if (second) return second;
  const ttl = sessionTtlSeconds(user.logout_after_minutes, ctx.config.tokenTtlSeconds);
  const token = await startSession(ctx, { id: user.id, clientId: user.client_id, tokenVersion: user.token_version }, ttl);
  return { token };
}

/**
 * Registers an account and mails its confirmation code. An address that already has an account
 * gets the same answer (so the form cannot tell who is registered); its owner is told by e-mail
 * instead, in the account's language, as login, ForgotPassword and ResendConfirmationEmail do.
 */
export async function register(ctx: Ctx, b: RegisterBody): Promise<{ email: string }> {
  const before = await guardRate(ctx, 'register', b.p_email);
  await countAttempt(ctx, 'register', b.p_email);
  const passwordHash = await hashPassword(b.p_password);
  const language = b.p_language || 'en';
  const created = await ctx.db
    .system(async (tx) => {
      // The voucher first: a taken address must not answer differently to a bad voucher.
      if (b.p_voucher) await assertRedeemable(tx, b.p_voucher);
      const existing = await repo.findUserByEmail(tx, b.p_email);
      if (existing) return { kind: 'taken', language: existing.language } as const;
      const ids = await repo.createAccount(tx, b, passwordHash, language);
      // A referrer code of an approved reseller makes the new account its client (issue 17).
      await recordReferral(tx, { clientId: ids.clientId, referrer: b.p_referrer, vatNumber: b.p_vat_number });
      return { kind: 'created', ...ids, code: await issueCode(tx, ctx.secrets, ids.userId, 'confirm') } as const;
    })
    .catch((e: { code?: string }) => {
      // Two registrations racing for one address: the unique index decides, the loser hears the same.
      if (e.code === '23505') return { kind: 'taken', language: null } as const;
      throw e;
    });
  if (created.kind === 'taken') {
    if (created.language !== null && mayMail(ctx, before)) {
      const base = baseUrl(ctx);
      await ctx.mailer.send(
        takenMail(
          b.p_email,
          created.language,
          `${base}/login-with-email/${encodeURIComponent(b.p_email)}`,
          `${base}/forgot-password`,
        ),
      );
    }
    return { email: b.p_email };
  }
  const link = `${baseUrl(ctx)}/confirm-email/${created.code}/${encodeURIComponent(b.p_email)}`;
  await ctx.mailer.send(confirmMail(b.p_email, language, created.code, link, LIMITS.codeTtlMinutes));
  await ctx.db.system((tx) =>
    writeAudit(tx, {
      clientId: created.clientId,
      userId: created.userId,
      email: b.p_email,
      action: 'register',
      result: 'ok',
      ip: ctx.ip,
    }),
  );
  return { email: b.p_email };
}

export async function confirmEmail(ctx: Ctx, email: string, otp: string): Promise<{ success: true }> {
  await guardRate(ctx, 'confirm', email);
  const err = await ctx.db.system(async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user) return new AppError('CODE_INVALID');
    if (user.confirmed) return new AppError('ALREADY_CONFIRMED');
    const bad = await checkCode(tx, ctx.secrets, user.id, 'confirm', otp);
    if (!bad) await repo.markConfirmed(tx, user.id);
    return bad;
  });
  if (err) {
    await countAttempt(ctx, 'confirm', email);
    throw err;
  }
  return { success: true };
}

export async function resendConfirmation(ctx: Ctx, email: string): Promise<{ success: true }> {
  const before = await guardRate(ctx, 'resend', email);
  await countAttempt(ctx, 'resend', email);
  const sent = await ctx.db.system(async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user || user.confirmed || !mayMail(ctx, before)) return null;
    return { code: await issueCode(tx, ctx.secrets, user.id, 'confirm'), lang: user.language };
  });
  if (sent) {
    const link = `${baseUrl(ctx)}/confirm-email/${sent.code}/${encodeURIComponent(email)}`;
    await ctx.mailer.send(confirmMail(email, sent.lang, sent.code, link, LIMITS.codeTtlMinutes));
  }
  return { success: true };
}

export async function forgotPassword(ctx: Ctx, email: string): Promise<{ success: true }> {
  const before = await guardRate(ctx, 'reset', email);
  await countAttempt(ctx, 'reset', email);
  const sent = await ctx.db.system(async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    // Past its share the earlier mail's code stays the valid one (a new code would replace it).
    if (!user || user.blocked || !mayMail(ctx, before)) return null;
    return { code: await issueCode(tx, ctx.secrets, user.id, 'reset'), lang: user.language };
  });
  if (sent) {
    const link = `${baseUrl(ctx)}/reset-password/${sealResetMessage(ctx.secrets, email, sent.code)}`;
    await ctx.mailer.send(resetMail(email, sent.lang, sent.code, link, LIMITS.codeTtlMinutes));
  }
  return { success: true };
}

/**
 * Opens a reset link's message. The answer says `otp`, not `code`: the spec's failure test
 * treats any body with a `code` field as an error.
 */
export function decodeResetMessage(ctx: Ctx, message: string): { email: string; otp: string } {
  const v = openResetMessage(ctx.secrets, message);
  if (!v) throw new AppError('CODE_INVALID', { hint: 'The link is damaged; ask for a new one' });
  return { email: v.email, otp: v.code };
}

export async function resetPassword(ctx: Ctx, email: string, code: string, password: string): Promise<{ success: true }> {
  await guardRate(ctx, 'reset-confirm', email);
  const newHash = await hashPassword(password);
  const err = await ctx.db.system(async (tx) => {
    const user = await repo.findUserByEmail(tx, email);
    if (!user) return new AppError('CODE_INVALID');
    const bad = await checkCode(tx, ctx.secrets, user.id, 'reset', code);
    if (bad) return bad;
    await repo.setPassword(tx, user.id, newHash);
    await endUserSessions(tx, user.id, 'password_reset');
    // The code arrived by e-mail, which proves the address.
    await repo.markConfirmed(tx, user.id);
    await writeAudit(tx, {
      clientId: user.client_id,
      userId: user.id,
      email: user.email,
      action: 'ForgotPasswordConfirm',
      result: 'ok',
      ip: ctx.ip,
    });
    return null;
  });
  if (err) {
    await countAttempt(ctx, 'reset-confirm', email);
    throw err;
  }
  return { success: true };
}
