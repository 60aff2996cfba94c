/**
 * The reseller banners (issue 17): three sizes of one simple design of our own — the provider's
 * name, what it offers, where, and a call to action — drawn as SVG at build time for each
 * language (vite.config.ts serves them under /banners/<language>/<file>), so a reseller's page
 * embeds a file of this site that always carries the installation's provider name. Pure: no
 * browser or build API here, so the web's tests and the build use the same code.
 */
import type { ResellerBanner } from '@portside/contract/schemas/reseller';

/** The words on a banner, in one language. */
export interface BannerTexts {
  provider: string;
  tagline: string;
  locations: string;
  cta: string;
}

const FONT = "font-family=\"'Noto Sans','Segoe UI',Helvetica,Arial,sans-serif\"";

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Splits a text into lines of at most `max` characters at spaces (a longer word stays whole). */
export function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * A text element; one wider than `width` (estimated at 0.58 em a character) is squeezed to fit,
 * so a long provider name never runs off the banner.
 */
function text(
  value: string,
  x: number,
  y: number,
  o: { size: number; width: number; bold?: boolean; fill: string; anchor?: string },
) {
  const fit = value.length * o.size * 0.58 > o.width ? ` textLength="${o.width}" lengthAdjust="spacingAndGlyphs"` : '';
  const anchor = o.anchor ? ` text-anchor="${o.anchor}"` : '';
  const weight = o.bold ? ' font-weight="700"' : '';
  return `<text x="${x}" y="${y}" ${FONT} font-size="${o.size}"${weight} fill="${o.fill}"${anchor}${fit}>${escape(value)}</text>`;
}

/** The logo mark: two stacked servers under a cloud's arc, `s` pixels square. */
function mark(x: number, y: number, s: number): string {
  const k = s / 32;
  return `<g transform="translate(${x} ${y}) scale(${k})" fill="none" stroke="#ffffff" stroke-width="2.2" stroke-linecap="round">
<path d="M7 13a7 7 0 0 1 13.5-2.6A5 5 0 1 1 25 18"/><rect x="6" y="16" width="20" height="6" rx="1.5"/><rect x="6" y="24" width="20" height="6" rx="1.5"/>
<path d="M10 19h.01M10 27h.01"/></g>`;
}

/** A call-to-action pill centred on (cx, cy). */
function button(label: string, cx: number, cy: number, w: number, h: number, size: number) {
  return `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="${h / 2}" fill="#ffffff"/>${text(
    label,
    cx,
    cy + size * 0.36,
    {
      size,
      width: w - 12,
      bold: true,
      fill: '#0b3d91',
      anchor: 'middle',
    },
  )}`;
}

/** The banner of one size in one language, as an SVG document. */
export function bannerSvg(banner: ResellerBanner, t: BannerTexts): string {
  const { width: w, height: h } = banner;
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escape(`${t.provider} — ${t.tagline}`)}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3d91"/><stop offset="1" stop-color="#1971c2"/></linearGradient></defs>
<rect width="${w}" height="${h}" rx="8" fill="url(#bg)"/>`;
  let body: string;
  if (w > h * 3) {
    // Horizontal strip: mark, name and tagline, button on the right.
    body = [
      mark(12, (h - 36) / 2, 36),
      text(t.provider, 58, h / 2 - 4, { size: 16, width: w - 58 - 130, bold: true, fill: '#ffffff' }),
      text(`${t.tagline} · ${t.locations}`, 58, h / 2 + 14, { size: 11, width: w - 58 - 130, fill: '#d0ebff' }),
      button(t.cta, w - 66, h / 2, 108, 30, 12),
    ].join('');
  } else {
    // Box or skyscraper: everything centred, stacked, the name and tagline wrapped to the width.
    const cx = w / 2;
    const narrow = w < 200;
    const nameSize = narrow ? 18 : 20;
    const lineChars = Math.floor((w - 24) / (nameSize * 0.58));
    const taglineSize = narrow ? 13 : 14;
    const taglineChars = Math.floor((w - 24) / (taglineSize * 0.58));
    const name = wrapWords(t.provider, lineChars).slice(0, 3);
    const tagline = wrapWords(t.tagline, taglineChars).slice(0, 4);
    let y = narrow ? 90 : 56;
    const parts = [mark(cx - (narrow ? 32 : 24), y - (narrow ? 60 : 30), narrow ? 64 : 48)];
    y += narrow ? 40 : 42;
    for (const l of name) {
      parts.push(text(l, cx, y, { size: nameSize, width: w - 24, bold: true, fill: '#ffffff', anchor: 'middle' }));
      y += nameSize + 4;
    }
    y += narrow ? 24 : 6;
    for (const l of tagline) {
      parts.push(text(l, cx, y, { size: taglineSize, width: w - 24, fill: '#d0ebff', anchor: 'middle' }));
      y += taglineSize + 5;
    }
    parts.push(text(t.locations, cx, narrow ? h - 110 : y + 6, { size: 12, width: w - 24, fill: '#a5d8ff', anchor: 'middle' }));
    parts.push(button(t.cta, cx, h - (narrow ? 50 : 30), w - (narrow ? 32 : 120), 34, 13));
    body = parts.join('');
  }
  return `${head}${body}</svg>\n`;
}
