/**
 * The arithmetic of the small line charts: a 'nice' top of the value axis, its ticks, the SVG
 * path of a series (broken where samples are missing), and byte-size formatting.
 */

/** The smallest 1, 2, 2.5 or 5 × 10^n at or above `value` (1 for nothing to show). */
export function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  const exp = Math.floor(Math.log10(value));
  const base = 10 ** exp;
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (value <= step * base + 1e-9 * base) return step * base;
  }
  return 10 * base;
}

/**
 * The axis top for byte values: a nice number of the binary unit the value falls in, so the
 * ticks read as whole KiB, MiB or GiB (e.g. 14 GiB → 20 GiB with ticks of 5 GiB).
 */
export function niceBytesMax(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 1024;
  let unit = 1;
  while (value >= unit * 1024 && unit < 1024 ** 4) unit *= 1024;
  return niceMax(value / unit) * unit;
}

/** `count` + 1 evenly spaced ticks from 0 to `max`. */
export function ticks(max: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => (max * i) / count);
}

export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The SVG path of one series: x from the sample times over [t0, t1], y from 0..max. A missing
 * sample (null or not finite) ends the line; the next one starts a new piece.
 */
export function linePath(times: readonly number[], values: readonly (number | null)[], box: PlotBox, max: number): string {
  const t0 = times[0] ?? 0;
  const t1 = times[times.length - 1] ?? t0;
  const span = t1 - t0 || 1;
  let d = '';
  let pen = false;
  values.forEach((v, i) => {
    const time = times[i];
    if (v === null || !Number.isFinite(v) || time === undefined) {
      pen = false;
      return;
    }
    const x = box.left + ((time - t0) / span) * box.width;
    const y = box.top + box.height - (Math.min(Math.max(v, 0), max) / max) * box.height;
    d += `${pen ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
    pen = true;
  });
  return d;
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'] as const;

/** Bytes in binary units with at most one decimal, e.g. 1536 → '1.5 KiB' (in the locale's digits). */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 }).format(value)} ${UNITS[unit]}`;
}

/** The largest finite value of some series (0 when there is none). */
export function seriesMax(series: readonly (readonly (number | null)[])[]): number {
  let max = 0;
  for (const s of series) for (const v of s) if (v !== null && Number.isFinite(v) && v > max) max = v;
  return max;
}
