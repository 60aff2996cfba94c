/**
 * An example client of the Portside API with a personal API token (docs/api.md): lists the
 * account's cloud servers with their power state, then its invoices. The types come from the OpenAPI
 * document (portside-api.d.ts, openapi-typescript); openapi-fetch makes the calls.
 *
 *   PORTSIDE_URL=https://portal.example.com PORTSIDE_TOKEN=pst_... npx tsx docs/examples/list-servers.ts
 *
 * The token needs the scopes servers:read and billing:read (and its user the permissions to see
 * servers and billing).
 */
import createClient from 'openapi-fetch';
import type { paths } from './portside-api';

const baseUrl = process.env.PORTSIDE_URL;
const token = process.env.PORTSIDE_TOKEN;
if (!baseUrl || !token) {
  console.error('Set PORTSIDE_URL and PORTSIDE_TOKEN (a personal API token from Settings).');
  process.exit(2);
}

const api = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });

/** Exits with the API's error (its code, message and hint) when a call failed. */
function orExit<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data !== undefined) return answer.data;
  const e = answer.error as { code?: string; message?: string; hint?: string | null } | undefined;
  console.error(`${answer.response.status} ${e?.code ?? ''}: ${e?.message ?? ''}${e?.hint ? ` (${e.hint})` : ''}`);
  process.exit(1);
}

// GET /api/MyVMs2 with PostgREST parameters: only the columns shown, ordered by name.
const servers = orExit(
  await api.GET('/api/MyVMs2', { params: { query: { select: 'provisioned_id,name,power_status,state,ip', order: 'name.asc' } } }),
);
console.log(`Servers (${servers.length}):`);
for (const vm of servers)
  console.log(`  #${vm.provisioned_id} ${vm.name}: ${vm.power_status} (${vm.state})${vm.ip ? ` ${vm.ip}` : ''}`);

// GET /api/MyInvoices: the newest first; amounts are integer cents.
const invoices = orExit(await api.GET('/api/MyInvoices', { params: { query: { order: 'issued_on.desc', limit: '5' } } }));
console.log(`Invoices (${invoices.length}):`);
for (const inv of invoices) console.log(`  ${inv.number} ${inv.issued_on} ${(inv.total_cents / 100).toFixed(2)} ${inv.status}`);
