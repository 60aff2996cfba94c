/**
 * The VM console (spec 2 §7 'console creation'): VmConsole answers a one-time console-open link
 * for one of the caller's servers (`{url}`); the link's socket is registered apart
 * (console-socket.ts), as it is no /api route. Seeing servers (menu-see-cloud-servers) is enough,
 * as for their other actions; opening a console is logged.
 */
import { vmRefSchema } from '@portside/contract/schemas/vms';
import { claim } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { openConsole } from './console.service.js';
import { target } from '../audit/audit-target.js';

export const consoleRpcs: AnyRpc[] = [
  defineRpc({
    name: 'VmConsole',
    access: claim('menu-see-cloud-servers'),
    schema: vmRefSchema,
    audit: true,
    auditTarget: (b) => target('server', b.p_provisioned_id),
    handler: (ctx, b) => openConsole(ctx, b.p_provisioned_id),
  }),
];
