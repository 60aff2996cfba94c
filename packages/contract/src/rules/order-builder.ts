/**
 * The server builder's rules shared by the web form and the server (issue 5): which system images
 * a core type runs, the smallest disk a model and an image allow, and the checkout's totals.
 */

/** The core type Windows images need (dedicated core — Windows optimised). */
export const WINDOWS_CORE_TYPE = 'dedicated-windows';

/** Whether an image of `osFamily` may be installed on a model of `coreType`. */
export function imageFitsCoreType(osFamily: string, coreType: string): boolean {
  return osFamily !== 'windows' || coreType === WINDOWS_CORE_TYPE;
}

/** The smallest disk, GB: the model's own disk and the image's minimum, whichever is larger. */
export function minimumDiskGb(modelDiskGb: number, imageMinDiskGb: number | null | undefined): number {
  return Math.max(modelDiskGb, imageMinDiskGb ?? 0);
}

/** VAT on an amount in cents at `percent`, rounded to the cent. */
export function vatCents(amountCents: number, percent: number): number {
  return Math.round((amountCents * percent) / 100);
}
