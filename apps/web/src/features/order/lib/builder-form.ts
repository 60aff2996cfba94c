/**
 * The server builder's form (spec 1 §2 NewOrder) as plain data: what the user chose, the checks
 * the server repeats (contract rules), and the cart line it makes.
 */
import { ORDER_LIMITS, builderOfferId, type VmOrderConfig } from '@portside/contract/schemas/orders';
import type { CartItem } from '@portside/contract/rules/cart';
import { imageFitsCoreType, minimumDiskGb } from '@portside/contract/rules/order-builder';
import { validateVmName } from '@portside/contract/rules/validators';
import type { MessageKey } from '@portside/contract/messages';
import type { ImageOption, ModelOption } from '@portside/contract/schemas/offers';

export interface BuilderForm {
  location: string | null;
  core_type: string | null;
  model_id: number | null;
  image: string | null;
  disk_gb: number | null;
  backups: boolean;
  hostname: string;
  /** null: the account's default project. */
  project: number | null;
  ssh_keys: number[];
  quantity: number;
}

export const EMPTY_FORM: BuilderForm = {
  location: null,
  core_type: null,
  model_id: null,
  image: null,
  disk_gb: null,
  backups: false,
  hostname: '',
  project: null,
  ssh_keys: [],
  quantity: 1,
};

/** A field's problem: a validation message key, or 'required' for a choice not made yet. */
export type BuilderIssue = MessageKey | 'required';
export type BuilderField = 'location' | 'core_type' | 'model_id' | 'image' | 'disk_gb' | 'hostname' | 'quantity';

/** The smallest disk the chosen model and image allow (0 before a model is chosen). */
export function formMinDisk(model: ModelOption | undefined, image: ImageOption | undefined): number {
  return model ? minimumDiskGb(model.disk_gb, image?.min_disk_gb) : 0;
}

/** Every field's problem; an empty object means the line can go to the cart. */
export function builderIssues(
  form: BuilderForm,
  model: ModelOption | undefined,
  image: ImageOption | undefined,
): Partial<Record<BuilderField, BuilderIssue>> {
  const out: Partial<Record<BuilderField, BuilderIssue>> = {};
  if (!form.location) out.location = 'required';
  if (!form.core_type) out.core_type = 'required';
  if (!model) out.model_id = 'required';
  if (!image) out.image = 'required';
  else if (model && !imageFitsCoreType(image.os_family, model.core_type)) out.image = 'image_windows_core_type';
  if (form.disk_gb === null || !Number.isInteger(form.disk_gb)) out.disk_gb = 'invalid_data';
  else if (form.disk_gb > ORDER_LIMITS.diskGbMax) out.disk_gb = 'disk_max_exceeded';
  else if (form.disk_gb < formMinDisk(model, image)) out.disk_gb = 'disk_below_minimum';
  const host = validateVmName(form.hostname.trim());
  if (host) out.hostname = host;
  if (!Number.isInteger(form.quantity) || form.quantity < 1 || form.quantity > ORDER_LIMITS.quantity)
    out.quantity = 'quantity_invalid';
  return out;
}

/** The server configuration of a complete form, or null while something is missing or wrong. */
export function formConfig(
  form: BuilderForm,
  model: ModelOption | undefined,
  image: ImageOption | undefined,
): VmOrderConfig | null {
  if (Object.keys(builderIssues(form, model, image)).length > 0 || !model || !image) return null;
  return {
    model_id: model.model_id,
    image: image.id,
    disk_gb: form.disk_gb!,
    backups: form.backups,
    hostname: form.hostname.trim(),
    project: form.project,
    ssh_keys: [...form.ssh_keys].sort((a, b) => a - b),
  };
}

/** The cart line of a complete form (the same configuration always gives the same offer_id). */
export function formCartItem(form: BuilderForm, config: VmOrderConfig): CartItem {
  const location = form.location!;
  return { offer_id: builderOfferId(location, config), location, quantity: form.quantity, config };
}

/** The form after choosing a model or an image: the disk starts at the new minimum. */
export function withDiskReset(form: BuilderForm, model: ModelOption | undefined, image: ImageOption | undefined): BuilderForm {
  return { ...form, disk_gb: model ? formMinDisk(model, image) : null };
}
