/**
 * The texts the server writes for people (contract server-texts.ts) are translated here: every key
 * exists in the English locale with the very text the server writes in English, takes the same
 * parameters in every language, and no locale holds a key of those namespaces' server sections
 * that the server does not write.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { SERVER_TEXTS } from '@portside/contract/server-texts';

type Tree = { [key: string]: string | Tree };
const FILES = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

/** The text at `ns:path.to.key` in `lng`, or undefined. */
function lookUp(lng: string, key: string): string | undefined {
  const [ns, path] = key.split(':') as [string, string];
  let node: string | Tree | undefined = FILES[`./${lng}/${ns}.json`];
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server texts', () => {
  const keys = Object.keys(SERVER_TEXTS) as Array<keyof typeof SERVER_TEXTS>;

  it('are in the English locale word for word', () => {
    expect(keys.filter((k) => lookUp('en', k) !== SERVER_TEXTS[k])).toEqual([]);
  });

  it.each([...LANGUAGES])('take the same parameters in %s', (lng) => {
    const wrong = keys.filter((k) => {
      const text = lookUp(lng, k);
      return text === undefined || JSON.stringify(placeholders(text)) !== JSON.stringify(placeholders(SERVER_TEXTS[k]));
    });
    expect(wrong).toEqual([]);
  });

  it('cover every line of the terminal sections the server writes', () => {
    const sections = ['terminal:ops', 'terminal:create', 'terminal:forward'];
    const inLocale: string[] = [];
    const walk = (tree: Tree, prefix: string) => {
      for (const [k, v] of Object.entries(tree)) {
        if (typeof v === 'string') inLocale.push(`${prefix}${k}`);
        else walk(v, `${prefix}${k}.`);
      }
    };
    walk(FILES['./en/terminal.json']!, 'terminal:');
    const serverSide = inLocale.filter((k) => sections.some((s) => k.startsWith(`${s}.`)));
    expect(serverSide.sort()).toEqual(keys.filter((k) => k.startsWith('terminal:')).sort());
  });
});
