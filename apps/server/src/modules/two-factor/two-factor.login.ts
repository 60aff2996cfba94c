/**
 * The second step of a login (issue 19). Once the password is right, `login` asks
 * {@link secondStepFor}: a user with an authenticator app gets a ticket for LoginSecondFactor, a
 * user without one whose account requires 2FA a ticket for enrolment (TwoFactorEnrolStart/Confirm);
 * everyone else gets a token as before. A ticket lives five minutes, dies after five wrong codes,
 * and works once; wrong codes also count against the user and the address (http/rate-limit.ts).
 */
import type { EnrolAnswer, LoginAnswer, SecondFactorMethod, TotpSetupAnswer } from '@portside/contract/schemas/two-factor';
import type { Tx } from '../../db/database.js';
import { openSecret, sealSecret } from '../../drivers/hypervisor/secret-box.js';
import { sessionTtlSeconds } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { attemptKeys, guardAttempt, recordAttempt } from '../../http/rate-limit.js';
import type { Ctx } from '../../routes/handler-context.js';
import { writeAudit } from '../audit/audit.repository.js';
import { startSession } from '../sessions/sessions.service.js';
import { checkSecondFactor, hasTotp } from './two-factor.check.js';
import { keyedHash, newRecoveryCodes, newTicket, newTotpSecret, totpStep } from './two-factor.codes.js';
import { twoFactorMail, type TwoFactorEvent } from './two-factor.mails.js';
import * as repo from './two-factor.repository.js';

/** Minutes a login ticket lives. */
export const TICKET_MINUTES = 5;
/** Wrong codes a ticket takes before it dies. */
export const TICKET_MAX_ATTEMPTS = 5;

/** The refusal of a ticket that is unknown, used, expired or out of tries. */
export const expired = () => new AppError('TWO_FACTOR_TICKET_EXPIRED');

/**
 * What a login answers instead of a token when the user has a second factor or the account
 * requires one; null when the password alone signs the user in.
 */
export async function secondStepFor(ctx: Ctx, user: { id: string; client_id: string }): Promise<LoginAnswer | null> {
  const step = await ctx.db.system(async (tx) => {
    const methods: SecondFactorMethod[] = (await hasTotp(tx, user.id)) ? ['totp'] : [];
    if ((await repo.listPasskeys(tx, user.id)).length > 0) methods.push('webauthn');
    // Recovery codes stand in for the app or the passkeys, never on their own.
    if (methods.length > 0 && (await repo.recoveryCodesLeft(tx, user.id)) > 0) methods.splice(1, 0, 'recovery');
    const required = (await repo.findUser(tx, user.id))?.require_two_factor === true;
    if (methods.length === 0 && !required) return null;
    const t = newTicket(ctx.secrets);
    const kind = methods.length > 0 ? 'second_factor' : 'enrol';
    await repo.createChallenge(tx, {
      ticketHash: t.hash,
      userId: user.id,
      clientId: user.client_id,
      kind,
      minutes: TICKET_MINUTES,
    });
    return { kind, methods, ticket: t.ticket } as const;
  });
  if (!step) return null;
  return step.kind === 'second_factor'
    ? { second_factor: { ticket: step.ticket, methods: step.methods } }
    : { enrol_required: { ticket: step.ticket } };
}

export type Challenge = NonNullable<Awaited<ReturnType<typeof repo.findChallenge>>>;
export type StepUser = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
type StepResult<T> = { ok: T; user: StepUser } | { err: AppError; failed: boolean };

/**
 * Runs one step on a live ticket of `kind`: guards the user's and the address's attempts, then
 * `check` in one transaction with the ticket locked. A wrong code (check answers null) counts on
 * the ticket, in the rate limits and in the account's log.
 */
export async function onTicket<T>(
  ctx: Ctx,
  ticket: string,
  kind: repo.ChallengeKind,
  action: string,
  check: (tx: Tx, c: Challenge, user: StepUser) => Promise<T | null>,
): Promise<{ ok: T; user: StepUser }> {
  const hash = keyedHash(ctx.secrets, 'ticket', ticket);
  const peek = await ctx.db.system((tx) => repo.findChallenge(tx, hash, TICKET_MAX_ATTEMPTS));
  if (!peek || peek.dead || peek.kind !== kind) throw expired();
  const keys = attemptKeys('two-factor', ctx.ip, peek.user_id);
  await guardAttempt(ctx.db, ctx.config.rateLimit, keys);
  const out = await ctx.db.system(async (tx): Promise<StepResult<T>> => {
    const c = await repo.findChallenge(tx, hash, TICKET_MAX_ATTEMPTS);
    if (!c || c.dead || c.kind !== kind) return { err: expired(), failed: false };
    const user = await repo.findUser(tx, c.user_id);
    if (!user) return { err: expired(), failed: false };
    if (user.blocked) return { err: new AppError('ACCOUNT_BLOCKED'), failed: false };
    const audit = (result: 'ok' | 'error') =>
      writeAudit(tx, { clientId: user.client_id, userId: user.id, email: user.email, action, result, ip: ctx.ip });
    const ok = await check(tx, c, user);
    if (ok === null) {
      const left = TICKET_MAX_ATTEMPTS - (await repo.countChallengeAttempt(tx, c.id));
      await audit('error');
      const err =
        left > 0
          ? new AppError('TWO_FACTOR_CODE_INVALID', { details: `${left} ${left === 1 ? 'try' : 'tries'} left` })
          : expired();
      return { err, failed: true };
    }
    if (!(await repo.useChallenge(tx, c.id))) return { err: expired(), failed: false };
    await audit('ok');
    return { ok, user };
  });
  if ('err' in out) {
    if (out.failed) await recordAttempt(ctx.db, keys);
    throw out.err;
  }
  return out;
}

/** Opens the user's session (as a password-only login does) and answers its token. */
export async function sessionFor(ctx: Ctx, user: StepUser): Promise<string> {
  const ttl = sessionTtlSeconds(user.logout_after_minutes, ctx.config.tokenTtlSeconds);
  return startSession(ctx, { id: user.id, clientId: user.client_id, tokenVersion: user.token_version }, ttl);
}

/** Tells the user of a change; a mail that cannot be sent is logged, the change stands. */
export async function tellUser(ctx: Ctx, user: { email: string; language: string }, event: TwoFactorEvent): Promise<void> {
  await ctx.mailer.send(twoFactorMail(user.email, user.language, event)).catch((e: unknown) => {
    ctx.log.warn({ err: e, event }, 'two-factor mail not sent');
  });
}

/** LoginSecondFactor: the ticket of a right password and a TOTP or recovery code → the session's token. */
export async function loginSecondFactor(ctx: Ctx, ticket: string, code: string): Promise<{ token: string }> {
  const { ok: factor, user } = await onTicket(ctx, ticket, 'second_factor', 'LoginSecondFactor', (tx, c) =>
    checkSecondFactor(tx, ctx.secrets, c.user_id, code),
  );
  if (factor === 'recovery') await tellUser(ctx, user, 'recovery_used');
  return { token: await sessionFor(ctx, user) };
}

/** TwoFactorEnrolStart: a new secret for a user the account requires 2FA of, kept in the ticket. */
export async function enrolStart(ctx: Ctx, ticket: string): Promise<TotpSetupAnswer> {
  const hash = keyedHash(ctx.secrets, 'ticket', ticket);
  return ctx.db.system(async (tx) => {
    const c = await repo.findChallenge(tx, hash, TICKET_MAX_ATTEMPTS);
    const user = c && !c.dead && c.kind === 'enrol' ? await repo.findUser(tx, c.user_id) : null;
    if (!c || !user) throw expired();
    const setup = newTotpSecret(user.email);
    await repo.setChallengeSecret(tx, c.id, sealSecret(ctx.secrets.dataKey, setup.secret));
    return setup;
  });
}

/** TwoFactorEnrolConfirm: the new app's first code turns 2FA on and signs the user in. */
export async function enrolConfirm(ctx: Ctx, ticket: string, code: string): Promise<EnrolAnswer> {
  const { ok: codes, user } = await onTicket(ctx, ticket, 'enrol', 'TwoFactorEnrolConfirm', async (tx, c, u) => {
    if (!c.secret_sealed) return null;
    const sealed = c.secret_sealed;
    const step = await totpStep(openSecret(ctx.secrets.dataKey, sealed), code);
    if (step === null) return null;
    await repo.saveConfirmedTotp(tx, u.id, u.client_id, sealed, step);
    const fresh = newRecoveryCodes(ctx.secrets, u.id);
    await repo.replaceRecoveryCodes(tx, u.id, u.client_id, fresh.hashes);
    return fresh.codes;
  });
  await tellUser(ctx, user, 'totp_enabled');
  return { token: await sessionFor(ctx, user), recovery_codes: codes };
}
