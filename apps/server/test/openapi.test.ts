import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ERRORS } from '@portside/contract/errors';
import { registerSchema } from '@portside/contract/schemas/auth';
import { buildRegistry } from '../src/registry.js';
import { startTestServer, type TestServer } from './harness.js';

let s: TestServer;
// The JSON answer, whose shape the tests assert (typed as the harness's answer body).
let doc: Awaited<ReturnType<TestServer['call']>>['body'];
beforeAll(async () => {
  s = await startTestServer();
  const r = await s.call('GET', '/api/openapi.json');
  expect(r.status).toBe(200);
  doc = r.body;
});
afterAll(async () => s?.stop());

const registry = buildRegistry();
/** The rpcs served at /api/rpc/<name> (updates are PATCH on their view, creates on a view POST there). */
const postRpcs = () => registry.rpcs.filter((r) => !r.patch && !r.post);
const patchRpcs = () => registry.rpcs.filter((r) => r.patch);
const viewPostRpcs = () => registry.rpcs.filter((r) => r.post);
const enabledViews = () => registry.views.filter((v) => !v.enabled || v.enabled(s.config));
const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> | null =>
  'shape' in schema ? (schema as unknown as { shape: Record<string, z.ZodType> }).shape : null;
/** The request body schema: JSON, or multipart/form-data for uploads. */
const bodySchema = (name: string) => {
  const content = doc.paths[`/api/rpc/${name}`].post.requestBody.content;
  return (content['application/json'] ?? content['multipart/form-data']).schema;
};
/** The scope a personal API token needs for a route of `area` (null: tokens are refused). */
const scope = (area: string | undefined, mode: string) => (area ? `${area}:${mode}` : null);
const rpcScope = (r: (typeof registry.rpcs)[number]) => scope(r.tokenArea, r.tokenMode ?? 'write');
const filePaths = () => (registry.files ?? []).map((f) => `/api/${f.name}/{id}`);

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document served as JSON without a token', async () => {
    const r = await s.call('GET', '/api/openapi.json', { headers: { authorization: 'Bearer broken' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'pst_ token' });
  });

  it('lists exactly one path per enabled view (GET) and per rpc (POST) of the registry', () => {
    const expected = [
      ...enabledViews().map((v) => `/api/${v.name}`),
      ...postRpcs().map((r) => `/api/rpc/${r.name}`),
      ...filePaths(),
    ];
    expect(Object.keys(doc.paths).sort()).toEqual([...expected].sort());
    const patched = new Set(patchRpcs().map((r) => r.patch!.view));
    const posted = new Set(viewPostRpcs().map((r) => r.post!.view));
    for (const v of enabledViews())
      expect(Object.keys(doc.paths[`/api/${v.name}`]).sort(), v.name).toEqual(
        ['get', ...(patched.has(v.name) ? ['patch'] : []), ...(posted.has(v.name) ? ['post'] : [])].sort(),
      );
    for (const r of postRpcs()) expect(Object.keys(doc.paths[`/api/rpc/${r.name}`]), r.name).toEqual(['post']);
  });

  it('gives every operation a unique operationId, its access, and bearer security unless public', () => {
    const ops = [
      ...enabledViews().map((v) => ({
        op: doc.paths[`/api/${v.name}`].get,
        access: v.access,
        scope: scope(v.tokenArea, 'read'),
      })),
      ...postRpcs().map((r) => ({ op: doc.paths[`/api/rpc/${r.name}`].post, access: r.access, scope: rpcScope(r) })),
      ...patchRpcs().map((r) => ({ op: doc.paths[`/api/${r.patch!.view}`].patch, access: r.access, scope: rpcScope(r) })),
      ...viewPostRpcs().map((r) => ({ op: doc.paths[`/api/${r.post!.view}`].post, access: r.access, scope: rpcScope(r) })),
    ];
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op, access, scope: tokenScope } of ops) {
      // The session's JWT for every route that needs a user; a personal API token only where the route has an area.
      const token = access.kind !== 'public' && tokenScope !== null;
      expect(op.security, op.operationId).toEqual(
        access.kind === 'public' ? [] : token ? [{ bearer: [] }, { apiToken: [] }] : [{ bearer: [] }],
      );
      expect(op['x-portside-token-scope'], op.operationId).toBe(token ? tokenScope : null);
      expect(op.description, op.operationId).toContain(`Access: ${access.kind}`);
      expect(op.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });

  it('documents every view column as a query parameter, plus select, order, limit and offset', () => {
    for (const v of enabledViews()) {
      const names = doc.paths[`/api/${v.name}`].get.parameters.map(
        (p: { name: string; in: string }) => (expect(p.in).toBe('query'), p.name),
      );
      expect(names.sort(), v.name).toEqual([...Object.keys(v.columns), 'select', 'order', 'limit', 'offset'].sort());
    }
  });

  it("describes every view's answer as an array of its contract row, with exactly the view's columns", () => {
    for (const v of enabledViews()) {
      const ok = doc.paths[`/api/${v.name}`].get.responses[200].content['application/json'].schema;
      expect(ok.type, v.name).toBe('array');
      const ref: string = ok.items.$ref;
      expect(ref, v.name).toMatch(/^#\/components\/schemas\/\w+Row$/);
      const row = doc.components.schemas[ref.split('/').pop()!];
      expect(row.type, v.name).toBe('object');
      expect(Object.keys(row.properties).sort(), v.name).toEqual(Object.keys(v.columns).sort());
    }
    const vm = doc.components.schemas.MyVMs2Row;
    expect(vm.properties.provisioned_id.type).toBe('integer');
    expect(vm.properties.created_at).toMatchObject({ type: 'string', format: 'date-time' });
    expect(vm.properties.project.anyOf).toEqual(expect.arrayContaining([{ type: 'null' }]));
    expect(vm.properties.cost_breakdown.anyOf[0].properties.total_cost.type).toBe('integer');
  });

  it('carries the p_ fields of registerSchema in the register request schema, required ones marked', () => {
    const schema = bodySchema('register');
    const shape = shapeOf(registerSchema)!;
    const keys = Object.keys(shape);
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.every((k) => k.startsWith('p_'))).toBe(true);
    expect(Object.keys(schema.properties).sort()).toEqual([...keys].sort());
    const required = keys.filter((k) => !shape[k]!.safeParse(undefined).success);
    expect([...schema.required].sort()).toEqual(required.sort());
    expect(schema.required).toEqual(
      expect.arrayContaining(['p_first_name', 'p_email', 'p_password', 'p_password_confirm', 'p_postcode']),
    );
    expect(schema.required).not.toContain('p_voucher');
    expect(schema.properties.p_language.enum).toEqual(expect.arrayContaining(['en', 'pl', 'de', 'pt', 'hi', 'fi']));
  });

  it('gives every rpc a request schema with exactly the fields of its zod schema', () => {
    for (const r of registry.rpcs) {
      const schema = r.patch
        ? doc.paths[`/api/${r.patch.view}`].patch.requestBody.content['application/json'].schema
        : r.post
          ? doc.paths[`/api/${r.post.view}`].post.requestBody.content['application/json'].schema
          : bodySchema(r.name);
      expect(schema.type, r.name).toBe('object');
      const shape = shapeOf(r.schema);
      if (shape) expect(Object.keys(schema.properties ?? {}).sort(), r.name).toEqual(Object.keys(shape).sort());
    }
  });

  it('describes the error shape with every code of the catalogue', () => {
    const e = doc.components.schemas.Error;
    expect([...e.required].sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect([...e.properties.code.enum].sort()).toEqual(Object.keys(ERRORS).sort());
  });

  it('leaves out views that are disabled by the configuration', async () => {
    const prod = await startTestServer({ production: true });
    try {
      const paths = Object.keys((await prod.call('GET', '/api/openapi.json')).body.paths);
      const disabled = registry.views.filter((v) => v.enabled && !v.enabled(prod.config));
      for (const v of disabled) expect(paths).not.toContain(`/api/${v.name}`);
      expect(paths.length).toBe(registry.views.length - disabled.length + postRpcs().length + filePaths().length);
    } finally {
      await prod.stop();
    }
  });
});

describe('uploads and files in the OpenAPI document', () => {
  it('describes VerificationUpload as multipart/form-data with a binary file and the document images as GET by id', () => {
    const upload = doc.paths['/api/rpc/VerificationUpload'].post.requestBody.content;
    expect(Object.keys(upload)).toEqual(['multipart/form-data']);
    expect(upload['multipart/form-data'].schema.properties.file).toEqual({ type: 'string', format: 'binary' });
    expect(upload['multipart/form-data'].schema.properties.kind.enum).toEqual(['document', 'selfie']);
    const image = doc.paths['/api/VerificationDocumentImage/{id}'].get;
    expect(image.description).toContain('Access: role staff');
    expect(image.security).toEqual([{ bearer: [] }]);
  });
});
