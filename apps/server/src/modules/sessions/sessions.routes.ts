import { logoutSchema, sessionEndSchema, sessionsEndAllSchema } from '@portside/contract/schemas/sessions';
import { customer } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import * as sessions from './sessions.service.js';
import { answerField, target } from '../audit/audit-target.js';

/** Logout, ending one session and logging out everywhere; each is recorded in the account's log. */
export const sessionsRpcs: AnyRpc[] = [
  defineRpc({
    name: 'Logout',
    access: customer,
    schema: logoutSchema,
    audit: true,
    auditTarget: (_b, _r, caller) => target('session', caller.sessionId),
    endsSession: true,
    handler: (ctx) => sessions.logout(ctx),
  }),
  defineRpc({
    name: 'SessionEnd',
    access: customer,
    schema: sessionEndSchema,
    audit: true,
    auditTarget: (b) => target('session', b.p_session),
    handler: (ctx, b) => sessions.endSession(ctx, b.p_session),
  }),
  defineRpc({
    name: 'SessionsEndAll',
    access: customer,
    schema: sessionsEndAllSchema,
    audit: true,
    auditTarget: (_b, r, caller) => [`${answerField(r, 'ended') ?? 'all'} sessions of`, target('user', null, caller.email)],
    endsSession: true,
    handler: (ctx) => sessions.endAllSessions(ctx),
  }),
];
