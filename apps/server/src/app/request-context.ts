/**
 * From a request to what a handler gets: the caller (authenticated as the route's access needs) and
 * the handler's context, a user's one (with its tenant's database context) for every route that
 * is not public.
 */
import type { FastifyRequest } from 'fastify';
import { isPublic, type Access } from '../http/access.js';
import { authenticate } from '../http/auth.js';
import { anonymous, type Principal, type UserPrincipal } from '../http/principal.js';
import type { Ctx, UserCtx } from '../routes/handler-context.js';

/** The parts of a handler's context that are the same for every request of the process. */
export type AppServices = Omit<Ctx, 'ip' | 'userAgent' | 'principal' | 'log'>;

/** The caller of a request to a route declared with `access`: a public call ignores a stale or broken token rather than failing. */
export async function principalFor(req: FastifyRequest, access: Access, services: AppServices): Promise<Principal> {
  const tokens = { ratePerMinute: services.config.apiTokenRatePerMinute };
  if (!isPublic(access)) return authenticate(req, services.db, services.secrets, tokens);
  // A public route runs as anonymous for a personal API token: tokens are for the areas' routes only.
  const caller = await authenticate(req, services.db, services.secrets, tokens).catch(() => anonymous);
  return caller.kind === 'user' && caller.apiToken ? anonymous : caller;
}

/** The context of a public route's handler. */
export function contextOf(req: FastifyRequest, services: AppServices, principal: Principal): Ctx {
  return { ...services, ip: req.ip, userAgent: req.headers['user-agent'] ?? '', principal, log: req.log };
}

/** The context of a handler of a route that needs a user: SQL runs in the user's tenant context. */
export function userContextOf(req: FastifyRequest, services: AppServices, user: UserPrincipal): UserCtx {
  const scope = { kind: 'tenant' as const, clientId: user.clientId, userId: user.userId, sessionId: user.sessionId };
  return { ...contextOf(req, services, user), principal: user, tenant: (fn) => services.db.run(scope, fn) };
}
