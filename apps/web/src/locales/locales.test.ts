/**
 * Every namespace exists in all six languages with exactly the English keys, every text is valid
 * ICU, and other languages are really translated (only brand names and technical terms may equal
 * the English text). A key missing in any locale fails here.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { compileIcu, formatIcu } from '../shared/i18n/icu';

type Tree = { [key: string]: string | Tree };
const FILES = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}

const namespaces = Object.keys(FILES)
  .filter((f) => f.startsWith('./en/'))
  .map((f) => f.slice(5, -5));
const load = (lng: string, ns: string) => {
  const tree = FILES[`./${lng}/${ns}.json`];
  if (!tree) throw new Error(`missing locales/${lng}/${ns}.json`);
  return flatten(tree);
};
/** Words that stay the same across languages (brands, protocols, units, place names). */
const UNIVERSAL =
  /^(Portside|Frankfurt|Telegram|IPv4|IPv6|ISO|SSH|VAT|OK|E-?mail|E-?mail: \{email\}|Email|Spam|Phishing|Status|Logs?|Reseller|Synology|Dashboard|Support|Login|Admin|Server|Problem|Problems|Switches|\S{1,3}|[A-Z0-9_ \-:/.()]+)$/;
/** Any argument a text asks for gets the value 3 (a number fits plural, select and date alike). */
const SAMPLE = new Proxy({}, { get: () => 3, has: () => true }) as Record<string, number>;

it('finds the namespaces', () => {
  expect(namespaces.length).toBeGreaterThanOrEqual(5);
});

describe.each(namespaces)('the %s namespace', (ns) => {
  const en = load('en', ns);

  it.each(LANGUAGES.filter((l) => l !== 'en'))('has exactly the English keys in %s', (lng) => {
    const other = load(lng, ns);
    const missing = Object.keys(en).filter((k) => !(k in other));
    const extra = Object.keys(other).filter((k) => !(k in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('is translated in %s', (lng) => {
    const other = load(lng, ns);
    const same = Object.keys(en).filter((k) => other[k] === en[k] && !UNIVERSAL.test(en[k]!.trim()));
    expect(same).toEqual([]);
  });

  it.each([...LANGUAGES])('is valid ICU in %s', (lng) => {
    for (const [key, text] of Object.entries(load(lng, ns))) {
      expect(() => formatIcu(compileIcu(text), lng, SAMPLE), `${lng}:${ns}:${key}`).not.toThrow();
    }
  });
});
