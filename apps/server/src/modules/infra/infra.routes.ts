/**
 * The staff's 'test connection' calls of /infrastructure (issue 18; role staff, audited with what
 * was tested): TestClusterConnection, TestBmcConnection, TestRouterConnection. Each tests a
 * registered one (`p_id`) or the fields of its register form before anything is saved; and
 * RemoveCluster, RemoveBmc, RemoveRouter of one that nothing uses any more.
 */
import {
  infraRemoveSchema,
  testBmcConnectionSchema,
  testClusterConnectionSchema,
  testRouterConnectionSchema,
  type TestConnectionBody,
} from '@portside/contract/schemas/infra';
import { role } from '../../http/access.js';
import { defineRpc, type AnyRpc } from '../../routes/route-defs.js';
import { answerField, target } from '../audit/audit-target.js';
import { testBmc, testCluster, testRouter } from './infra.service.js';
import { removeInfra } from './infra-remove.js';

const staff = role('staff');

/** The audit target: the registered one by id, else the name typed in the form (never an address or secret). */
const tested = (kind: 'cluster' | 'management controller' | 'router') => (b: TestConnectionBody) =>
  b.p_id !== undefined
    ? target(kind, b.p_id)
    : [target(kind, null, typeof b.p_name === 'string' ? b.p_name : undefined), '(not registered)'];

export const infraRpcs: AnyRpc[] = [
  defineRpc({
    name: 'TestClusterConnection',
    access: staff,
    schema: testClusterConnectionSchema,
    audit: true,
    auditTarget: tested('cluster'),
    handler: (ctx, b) => testCluster(ctx, b),
  }),
  defineRpc({
    name: 'TestBmcConnection',
    access: staff,
    schema: testBmcConnectionSchema,
    audit: true,
    auditTarget: tested('management controller'),
    handler: (ctx, b) => testBmc(ctx, b),
  }),
  defineRpc({
    name: 'TestRouterConnection',
    access: staff,
    schema: testRouterConnectionSchema,
    audit: true,
    auditTarget: tested('router'),
    handler: (ctx, b) => testRouter(ctx, b),
  }),
  defineRpc({
    name: 'RemoveCluster',
    access: staff,
    schema: infraRemoveSchema,
    audit: true,
    auditTarget: (b, r) => target('cluster', b.p_id, answerField(r, 'name') as string | undefined),
    handler: (ctx, b) => removeInfra(ctx, 'clusters', b),
  }),
  defineRpc({
    name: 'RemoveBmc',
    access: staff,
    schema: infraRemoveSchema,
    audit: true,
    auditTarget: (b, r) => target('management controller', b.p_id, answerField(r, 'name') as string | undefined),
    handler: (ctx, b) => removeInfra(ctx, 'bmcs', b),
  }),
  defineRpc({
    name: 'RemoveRouter',
    access: staff,
    schema: infraRemoveSchema,
    audit: true,
    auditTarget: (b, r) => target('router', b.p_id, answerField(r, 'name') as string | undefined),
    handler: (ctx, b) => removeInfra(ctx, 'routers', b),
  }),
];
