import { describe, expect, it } from 'vitest';
import { RESELLER_BANNERS } from '@portside/contract/schemas/reseller';
import { bannerSvg, wrapWords } from './banner-svg';

const TEXTS = {
  provider: 'Portside Cloud, Lda.',
  tagline: 'Cloud and dedicated servers',
  locations: 'Lisbon · Frankfurt',
  cta: 'Get started',
};

describe('the reseller banners', () => {
  it.each(RESELLER_BANNERS)('draws $file at its own size with the provider and the texts', (banner) => {
    const svg = bannerSvg(banner, TEXTS);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain(`width="${banner.width}" height="${banner.height}" viewBox="0 0 ${banner.width} ${banner.height}"`);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('Get started');
    expect(svg.replace(/<[^>]+>/g, ' ')).toMatch(/Portside/);
    // No script, no external reference: a file other sites embed as an image.
    expect(svg).not.toMatch(/<script|href=|xlink/i);
  });

  it('escapes the provider name and squeezes a long one into the banner', () => {
    const svg = bannerSvg(RESELLER_BANNERS[0], { ...TEXTS, provider: 'A & B <Hosting> "Cloud" Services International Limited' });
    expect(svg).toContain('A &amp; B &lt;Hosting&gt; &quot;Cloud&quot; Services International Limited');
    expect(svg).not.toContain('<Hosting>');
    expect(svg).toMatch(/textLength="\d+(\.\d+)?" lengthAdjust="spacingAndGlyphs">A &amp; B/);
    // A short name is left as it is.
    expect(bannerSvg(RESELLER_BANNERS[0], TEXTS)).not.toMatch(/lengthAdjust="spacingAndGlyphs">Portside/);
  });

  it('wraps words into lines of at most the given length, a longer word on its own', () => {
    expect(wrapWords('Cloud and dedicated servers', 12)).toEqual(['Cloud and', 'dedicated', 'servers']);
    expect(wrapWords('  Supercalifragilistic  hosting ', 8)).toEqual(['Supercalifragilistic', 'hosting']);
    expect(wrapWords('one', 10)).toEqual(['one']);
  });
});
