/**
 * The cloud price lists for staff (issue 18, spec 2 §7): GET ProductsModels and VmAddons, POST
 * ProductsModels (a new model), PATCH ProductsModels (a location's price from a day on, or
 * retiring/restoring a model) and PATCH VmAddons (an add-on's price from a day on). Every change is
 * audited with the model or add-on it touched and what it set.
 */
import {
  productsModelCreateSchema,
  productsModelPatchSchema,
  productsModelRow,
  vmAddonPatchSchema,
  vmAddonRow,
} from '@portside/contract/schemas/cloud-prices';
import { role } from '../../http/access.js';
import { defineRpc, defineView, type AnyRpc, type ViewDef } from '../../routes/route-defs.js';
import { target } from '../audit/audit-target.js';
import { PRODUCTS_MODELS_SQL, VM_ADDONS_SQL } from './cloud-prices.repository.js';
import { createModel, patchAddon, patchModel } from './cloud-prices.service.js';

const staff = role('staff');

/** The first row of a call's answer (the created or changed row), undefined until it succeeded. */
const firstRow = (answer: unknown): Record<string, unknown> | undefined =>
  Array.isArray(answer) && typeof answer[0] === 'object' && answer[0] !== null
    ? (answer[0] as Record<string, unknown>)
    : undefined;

export const cloudPricesViews: ViewDef[] = [
  defineView({
    name: 'ProductsModels',
    access: staff,
    row: productsModelRow,
    system: true,
    source: PRODUCTS_MODELS_SQL,
    order: 'core_type.asc,cores.asc,ram_gb.asc,id.asc',
  }),
  defineView({ name: 'VmAddons', access: staff, row: vmAddonRow, system: true, source: VM_ADDONS_SQL }),
];

export const cloudPricesRpcs: AnyRpc[] = [
  defineRpc({
    name: 'ProductsModelsCreate',
    access: staff,
    schema: productsModelCreateSchema,
    post: { view: 'ProductsModels' },
    audit: true,
    auditTarget: (b, r) => target('cloud model', firstRow(r)?.id as number | undefined, `${b.p_code} (${b.p_core_type})`),
    handler: (ctx, b) => createModel(ctx, b),
  }),
  defineRpc({
    name: 'ProductsModelsUpdate',
    access: staff,
    schema: productsModelPatchSchema,
    patch: { view: 'ProductsModels', key: 'id' },
    audit: true,
    auditTarget: (b, r) => [
      target('cloud model', b.p_id, firstRow(r)?.code as string | undefined),
      b.p_active === undefined
        ? `${b.p_location} ${b.p_cents} cents from ${b.p_effective_from}`
        : b.p_active
          ? 'restored'
          : 'retired',
    ],
    handler: (ctx, b) => patchModel(ctx, b),
  }),
  defineRpc({
    name: 'VmAddonsUpdate',
    access: staff,
    schema: vmAddonPatchSchema,
    patch: { view: 'VmAddons', key: 'code', text: true },
    audit: true,
    auditTarget: (b) => [
      target('price list', `vm_addon:${b.p_code}`),
      `${b.p_cents}${b.p_code === 'backups' ? ' %' : ' cents'} from ${b.p_effective_from}`,
    ],
    handler: (ctx, b) => patchAddon(ctx, b),
  }),
];
