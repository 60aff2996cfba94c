import { z } from 'zod';
import { ERRORS } from '@portside/contract/errors';
import type { Config } from '../config.js';
import { accessLabel, tokenScopeLabel, type Access, type TokenNeed } from '../http/access.js';
import type { AnyRpc, Registry, ViewDef } from '../routes/route-defs.js';

const errorSchema = {
  type: 'object',
  required: ['code', 'message', 'hint', 'details'],
  properties: {
    code: { type: 'string', enum: Object.keys(ERRORS) },
    message: { type: 'string' },
    hint: { type: ['string', 'null'] },
    details: { type: ['string', 'null'] },
  },
};

/** A JSON body, or for uploads a multipart body whose file field is binary. */
function requestContent(r: AnyRpc): object {
  const schema = z.toJSONSchema(r.schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, object> };
  if (!r.multipart) return { 'application/json': { schema } };
  const properties = { ...schema.properties, [r.multipart.fileField]: { type: 'string', format: 'binary' } };
  return { 'multipart/form-data': { schema: { ...schema, properties } } };
}

/** What a personal API token needs to call an rpc: its area, write unless marked a read. */
const rpcNeed = (r: AnyRpc): TokenNeed => ({ area: r.tokenArea, mode: r.tokenMode ?? 'write' });

/** The operation's callers with `more` added to its description. */
function withDescription(c: object, more: string): object {
  const { description, ...rest } = c as { description: string };
  return { ...rest, description: `${description} ${more}` };
}

/** A row schema as JSON Schema (what the view answers, so `output`), without the draft marker of a root document. */
function rowSchema(v: ViewDef): object {
  const { $schema: _draft, ...schema } = z.toJSONSchema(v.row, { io: 'output', unrepresentable: 'any' });
  return schema;
}

/** The components name of a view's row: its operation id and 'Row' (dev/mailbox → dev_mailboxRow). */
const rowName = (v: ViewDef) => `${v.name.replace(/\W/g, '_')}Row`;

/**
 * Who may call an operation: its security (none when public; the session's JWT, and a personal API
 * token when the route has an area), the description's access and token sentence, and the scope a
 * token needs as the `x-portside-token-scope` extension (null: tokens are refused).
 */
function callers(access: Access, need: TokenNeed): object {
  if (access.kind === 'public')
    return { security: [], 'x-portside-token-scope': null, description: `Access: ${accessLabel(access)}.` };
  return {
    security: need.area ? [{ bearer: [] }, { apiToken: [] }] : [{ bearer: [] }],
    'x-portside-token-scope': need.area ? tokenScopeLabel(need) : null,
    description: `Access: ${accessLabel(access)}. Personal API tokens: ${need.area ? `scope ${tokenScopeLabel(need)}` : 'refused (session only)'}.`,
  };
}

/** The security schemes: the session's JWT (POST /api/rpc/login) and personal API tokens (docs/api.md). */
const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pst_ token',
    description:
      'A personal API token created in Settings (`pst_` + 43 characters), sent as `Authorization: Bearer pst_...`. ' +
      'It works within its scopes (servers, network, billing, account; each read or write, write implying read) ' +
      'and its user\u2019s permissions; each operation names the scope it needs in `x-portside-token-scope` ' +
      '(null: tokens are refused). Rate-limited per token (429 API_TOKEN_RATE_LIMITED).',
  },
};

/** The OpenAPI 3.1 document, generated from the registry and the contract's zod schemas. */
export function openApiDocument(registry: Registry, config: Config): object {
  const paths: Record<string, object> = {};
  const errors = {
    default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  };
  const rows: Record<string, object> = {};
  for (const v of registry.views) {
    if (v.enabled && !v.enabled(config)) continue;
    rows[rowName(v)] = rowSchema(v);
    paths[`/api/${v.name}`] = {
      get: {
        operationId: v.name.replace(/\W/g, '_'),
        ...withDescription(
          callers(v.access, { area: v.tokenArea, mode: 'read' }),
          `PostgREST filters on: ${Object.keys(v.columns).join(', ')}.`,
        ),
        parameters: [
          ...Object.keys(v.columns).map((c) => ({
            name: c,
            in: 'query',
            required: false,
            schema: { type: 'string' },
            description: 'op.value',
          })),
          ...['select', 'order', 'limit', 'offset'].map((n) => ({
            name: n,
            in: 'query',
            required: false,
            schema: { type: 'string' },
          })),
        ],
        responses: {
          200: {
            description: 'Rows (the selected columns of each)',
            content: { 'application/json': { schema: { type: 'array', items: { $ref: `#/components/schemas/${rowName(v)}` } } } },
          },
          ...errors,
        },
      },
    };
  }
  for (const r of registry.rpcs) {
    if (r.patch) {
      // An update by PATCH on its view (spec 2 §7); its body is the schema's fields but the key.
      const path = (paths[`/api/${r.patch.view}`] ??= {}) as Record<string, unknown>;
      path.patch = {
        operationId: r.name,
        ...withDescription(
          callers(r.access, rpcNeed(r)),
          `Name the row as ${r.patch.key}=eq.<id>; the body holds the fields to change.`,
        ),
        parameters: [{ name: r.patch.key, in: 'query', required: true, schema: { type: 'string' }, description: 'eq.<id>' }],
        requestBody: { required: true, content: requestContent(r) },
        responses: {
          200: { description: 'The changed row', content: { 'application/json': { schema: { type: 'array' } } } },
          ...errors,
        },
      };
      continue;
    }
    if (r.post) {
      // A row created by POST on its view (spec 2 §7 'POST ProductsModels').
      const path = (paths[`/api/${r.post.view}`] ??= {}) as Record<string, unknown>;
      path.post = {
        operationId: r.name,
        ...withDescription(callers(r.access, rpcNeed(r)), 'Creates a row; the body holds its fields.'),
        requestBody: { required: true, content: requestContent(r) },
        responses: {
          200: { description: 'The created row', content: { 'application/json': { schema: { type: 'array' } } } },
          ...errors,
        },
      };
      continue;
    }
    paths[`/api/rpc/${r.name}`] = {
      post: {
        // A call that is both a read and an rpc (MyLogoutTime, spec 2 §7) needs two distinct ids.
        operationId: registry.views.some((v) => v.name === r.name) ? `${r.name}_rpc` : r.name,
        ...callers(r.access, rpcNeed(r)),
        requestBody: { required: true, content: requestContent(r) },
        responses: { 200: { description: 'Result', content: { 'application/json': { schema: { type: 'object' } } } }, ...errors },
      },
    };
  }
  for (const f of registry.files ?? []) {
    paths[`/api/${f.name}/{id}`] = {
      get: {
        operationId: f.name,
        ...withDescription(callers(f.access, { area: f.tokenArea, mode: 'read' }), 'The file itself, shown inline.'),
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: { description: 'The file', content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
          ...errors,
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Portside API', version: '0.1.0' },
    components: {
      securitySchemes,
      schemas: { Error: errorSchema, ...rows },
    },
    paths,
  };
}
