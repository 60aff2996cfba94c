/**
 * A cloud server's lifecycle calls (issue 14; spec 2 §7 'VM lifecycle'): VmBootOrder,
 * VmWindowsBIOSUpdate, VmWindowsTPMUpdate, VmResetRootPassword, VmUpgradeGetModels, VmUpgrade,
 * VmResize, VmReformat, VmClone, VmAssignIPv4, and the staff calls VmCreate and PushVmStates.
 * Issue messages are message keys.
 */
import { z } from '../zod';
import type { MessageKey } from '../messages';
import { validatePassword, validatePasswordPair, validateVmName } from '../rules/validators';
import { isBootOrder, MAX_DISK_GB, resizeBlock } from '../rules/vm-lifecycle';
import { vmImageIdSchema } from '../images';
import { provisionedIdField } from './vms';

function keyed(schema: z.ZodString, rule: (v: string) => MessageKey | null): z.ZodString {
  return schema.check((ctx) => {
    const key = rule(ctx.value);
    if (key) ctx.issues.push({ code: 'custom', message: key, input: ctx.value });
  });
}

/** A root password: no spaces, 8 to 128 characters. */
export const ROOT_PASSWORD_MIN = 8;
export const rootPasswordField = keyed(z.string({ error: 'root_password_empty' }), (v) => {
  const key = validatePassword(v, { min: ROOT_PASSWORD_MIN, emptyKey: 'root_password_empty' });
  return key === 'password_too_short' ? 'root_password_too_short' : key;
});

/** A root password and its repetition: empty ones and a mismatch get the spec's messages. */
function withConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({
      ...shape,
      p_password: rootPasswordField,
      // Its own field rule, so an empty repetition is named together with the password's messages.
      p_password_confirm: z.string({ error: 'root_password_confirm_empty' }).min(1, { error: 'root_password_confirm_empty' }),
    })
    .check((ctx) => {
      const v = ctx.value as { p_password: string; p_password_confirm: string };
      if (validatePasswordPair(v.p_password, v.p_password_confirm, 'match'))
        ctx.issues.push({ code: 'custom', message: 'passwords_dont_match', path: ['p_password_confirm'], input: v });
    });
}

/** VmBootOrder: c, d and n once each; `p_reboot` reboots a running server now (else the order applies at its next boot). */
export const vmBootOrderSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_boot_order: z.string({ error: 'boot_order_invalid' }).refine(isBootOrder, { error: 'boot_order_invalid' }),
  p_reboot: z.boolean({ error: 'invalid_data' }).optional(),
});
export type VmBootOrderInput = z.infer<typeof vmBootOrderSchema>;

/** VmWindowsBIOSUpdate: SeaBIOS (legacy) or OVMF (UEFI); the server must be stopped. */
export const vmBiosSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_bios: z.enum(['seabios', 'ovmf'], { error: 'invalid_data' }),
});

/** VmWindowsTPMUpdate: add ('on') or remove ('off') the TPM 2.0 state disk; the server must be stopped. */
export const vmTpmSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_tpm: z.enum(['on', 'off'], { error: 'invalid_data' }),
});

/** VmResetRootPassword: the new password twice, set through the guest agent of the running server. */
export const vmRootPasswordSchema = withConfirmation({ p_provisioned_id: provisionedIdField });
export type VmRootPasswordInput = z.infer<typeof vmRootPasswordSchema>;

/** VmUpgrade: a model above the current one (VmUpgradeGetModels lists them). */
export const vmUpgradeSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_model_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
});

/** VmResize: the disk's new total size in GB ('amount invalid' for anything not a whole positive number). */
export const vmResizeSchema = z.object({
  p_provisioned_id: provisionedIdField,
  // The rule's own checks but 'higher than now', which needs the server.
  p_disk_gb: z
    .custom<number>((v) => resizeBlock(0, v) !== 'amount_invalid', { error: 'amount_invalid' })
    .refine((v) => v <= MAX_DISK_GB, { error: 'disk_max_exceeded' }),
});

/** VmReformat (Rebuild): a system image, the server's name typed to confirm, and a new root password. */
export const vmReformatSchema = withConfirmation({
  p_provisioned_id: provisionedIdField,
  p_image: vmImageIdSchema,
  p_name_confirm: z.string({ error: 'name_confirm_empty' }).min(1, { error: 'name_confirm_empty' }),
});
export type VmReformatInput = z.infer<typeof vmReformatSchema>;

/** The checkout's payment methods but the free trial (a clone or a copy is never a trial). */
export const paidMethodField = z.enum(['card', 'bank_transfer', 'balance'], { error: 'invalid_data' });
export const idempotencyKeyField = z.string({ error: 'invalid_data' }).regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'invalid_data' });

/**
 * VmClone: a new server copied from this one, in its location, with the same model or a higher
 * one, a new name and a project of the account; ordered and paid like any server (the answer is
 * CreateOrder's).
 */
export const vmCloneSchema = z.object({
  p_provisioned_id: provisionedIdField,
  p_model_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
  p_name: keyed(z.string({ error: 'hostname_empty' }), validateVmName),
  p_project: z.int({ error: 'project_required' }).positive({ error: 'project_required' }),
  p_payment_method: paidMethodField,
  p_idempotency_key: idempotencyKeyField,
});
export type VmCloneInput = z.infer<typeof vmCloneSchema>;

/** Staff: VmCreate — a server for a customer without an order (billed monthly from its first day). */
export const vmCreateSchema = z.object({
  p_client_id: z.uuid({ error: 'invalid_data' }),
  p_location: z.string({ error: 'invalid_data' }).min(1, { error: 'invalid_data' }).max(40, { error: 'invalid_data' }),
  p_model_id: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }),
  p_image: vmImageIdSchema,
  p_name: keyed(z.string({ error: 'hostname_empty' }), validateVmName),
  p_project: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }).optional(),
  p_ipv4: z.boolean({ error: 'invalid_data' }).optional(),
});
export type VmCreateInput = z.infer<typeof vmCreateSchema>;

/** Staff: PushVmStates — read a cluster's servers now instead of at the next heartbeat. */
export const pushVmStatesSchema = z.object({ p_cluster: z.int({ error: 'invalid_data' }).positive({ error: 'invalid_data' }) });

/** One row of VmUpgradeGetModels: a model the server can be upgraded to, and what it costs. */
export interface UpgradeModelRow {
  model_id: number;
  code: string;
  core_type: string;
  cores: number;
  ram_gb: number;
  disk_gb: number;
  /** The model's monthly price at the server's location, before the voucher, cents. */
  list_price_cents: number;
  /** The server's monthly price now and with this model (voucher, disk, backups and addresses included), cents. */
  current_monthly_cents: number;
  new_monthly_cents: number;
  /** The difference for the rest of this month, prorated by day, cents (before VAT). */
  prorated_cents: number;
  /** The days charged: from (today, or after a free trial) to the month's end. */
  charge_from: string;
  charge_to: string;
  charge_days: number;
}
