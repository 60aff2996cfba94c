/**
 * The support namespace exists in all six languages with the same keys, is translated (only words
 * that are the same in a language are left as in English), and is valid ICU of the portal's subset.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { compileIcu, formatIcu } from '../../shared/i18n/icu';

type Tree = { [key: string]: string | Tree };

const FILES = import.meta.glob<Tree>('../../locales/*/support.json', { eager: true, import: 'default' });

function load(lng: string): Record<string, string> {
  const tree = FILES[`../../locales/${lng}/support.json`];
  if (!tree) throw new Error(`missing locales/${lng}/support.json`);
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

/** Texts a language writes as English does. */
const SAME_AS_ENGLISH: Partial<Record<string, readonly string[]>> = {
  pl: ['abuse.kinds.spam', 'abuse.kinds.phishing', 'contact.email'],
  de: ['abuse.kinds.spam', 'abuse.kinds.phishing'],
  pt: ['abuse.kinds.spam', 'abuse.kinds.phishing'],
};
const SAMPLE = { count: 2, email: 'a@b.pt', ticket: 42, first: 'Lisbon', second: 'Frankfurt' };

describe('the support namespace', () => {
  const en = load('en');

  it.each(LANGUAGES.filter((l) => l !== 'en'))('has every English key, translated, in %s', (lng) => {
    const other = load(lng);
    expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
    const same = Object.keys(en).filter((k) => other[k] === en[k]);
    expect(same.sort()).toEqual([...(SAME_AS_ENGLISH[lng] ?? [])].sort());
  });

  it.each([...LANGUAGES])('is valid ICU in %s', (lng) => {
    for (const [key, text] of Object.entries(load(lng))) {
      expect(() => formatIcu(compileIcu(text), lng, SAMPLE), `${lng}:${key}`).not.toThrow();
    }
  });

  it('words the automatic status as the spec does', () => {
    expect(en['status.sync_lost']).toBe(
      'Backend reporting service lost connectivity; servers are OK and the team is working on it.',
    );
  });
});
