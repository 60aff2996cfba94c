/**
 * Each language's two bundles: the start part holds exactly START_NAMESPACES, the rest part every
 * other namespace, so that together they hold every namespace once.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { START_NAMESPACES } from './start-namespaces';

type Bundle = Record<string, unknown>;
const BUNDLES = import.meta.glob<Bundle>('./bundles/*.bundle.ts', { eager: true, import: 'default' });
const FILES = Object.keys(import.meta.glob('../../locales/*/*.json'));

const namespacesOf = (paths: string[]) => paths.map((p) => /([^/]+)\.json$/.exec(p)?.[1] ?? p).sort();

describe('the translation bundles', () => {
  it.each(LANGUAGES)('%s: the start part holds START_NAMESPACES, the rest part every other namespace', (lng) => {
    const start = BUNDLES[`./bundles/${lng}.start.bundle.ts`];
    const rest = BUNDLES[`./bundles/${lng}.rest.bundle.ts`];
    expect(start, 'start bundle').toBeDefined();
    expect(rest, 'rest bundle').toBeDefined();
    const startNs = namespacesOf(Object.keys(start ?? {}));
    const restNs = namespacesOf(Object.keys(rest ?? {}));
    expect(startNs).toEqual([...START_NAMESPACES].sort());
    expect([...startNs, ...restNs].sort()).toEqual(namespacesOf(FILES.filter((f) => f.includes(`/locales/${lng}/`))));
  });
});
