/**
 * A size in bytes for people: binary units (KiB, MiB, GiB, TiB — what disks and ISO tools show),
 * one decimal below 10 units, whole numbers above, in the interface language's number format.
 */
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

export function formatBytes(bytes: number | null | undefined, locale = 'en'): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return '–';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
  return `${text} ${UNITS[unit]}`;
}
