/**
 * The auth and validation namespaces exist in all six languages with the same keys, every
 * validation message key of the contract is translated, nothing but the brand is left in English,
 * and every text is valid ICU of the portal's subset (shared/i18n/icu.ts).
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { compileIcu, formatIcu } from '../../shared/i18n/icu';
import { MESSAGES } from '@portside/contract/messages';

type Tree = { [key: string]: string | Tree };

const FILES = import.meta.glob<Tree>('../../locales/*/{auth,validation}.json', { eager: true, import: 'default' });

function load(lng: string, ns: string): Record<string, string> {
  const tree = FILES[`../../locales/${lng}/${ns}.json`];
  if (!tree) throw new Error(`missing locales/${lng}/${ns}.json`);
  const flat: Record<string, string> = {};
  const walk = (node: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (typeof v === 'string') flat[`${prefix}${k}`] = v;
      else walk(v, `${prefix}${k}.`);
    }
  };
  walk(tree, '');
  return flat;
}

/** Texts that are the same in every language. */
const SAME_EVERYWHERE = new Set(['common.brand']);
const SAMPLE = {
  min: 4,
  max: 15,
  months: 6,
  minutes: 30,
  seconds: 3,
  digits: 6,
  email: 'a@b.pt',
  country: 'Portugal',
  example: 'PT123456789',
};

describe.each(['auth', 'validation'])('the %s namespace', (ns) => {
  const en = load('en', ns);

  it.each(LANGUAGES.filter((l) => l !== 'en'))('has every English key, translated, in %s', (lng) => {
    const other = load(lng, ns);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    const untranslated = Object.keys(en).filter((k) => !SAME_EVERYWHERE.has(k) && other[k] === en[k]);
    expect(untranslated).toEqual([]);
  });

  it.each([...LANGUAGES])('is valid ICU in %s', (lng) => {
    for (const [key, text] of Object.entries(load(lng, ns))) {
      expect(() => formatIcu(compileIcu(text), lng, SAMPLE), `${lng}:${key}`).not.toThrow();
    }
  });
});

describe('the validation namespace', () => {
  it('holds exactly the contract message keys, in English as the contract words them', () => {
    expect(load('en', 'validation')).toEqual({ ...MESSAGES });
  });
});
