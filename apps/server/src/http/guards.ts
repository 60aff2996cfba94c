import type { Ctx, UserCtx } from './access.js';
import { AppError } from './errors.js';

/** Narrows a handler's context to a logged-in user (routes declaring customer/claim/role access). */
export function requireUser(ctx: Ctx): UserCtx {
  if (ctx.principal.kind !== 'user') throw new AppError('JWT_MISSING');
  return ctx as UserCtx;
}
