/**
 * The portal's translator, in place of i18next (about 15 KiB of gzip before the first screen): the
 * part of it the app uses, with i18next's rules. Texts live per language and namespace as nested
 * objects (src/locales/<lng>/<ns>.json); a key is `ns:path.to.text` or a path looked up in the
 * caller's namespaces in order, then the fallback namespace — each in the current language, then
 * the fallback language. A text found is formatted as ICU (./icu.ts) in the current language; a
 * text missing gives `defaultValue` when one is passed, else the key itself (without namespace).
 * A text that cannot be formatted (a value missing) shows as it is written.
 */
import { compileIcu, formatIcu } from './icu';

/** Values for a text's arguments, and i18next's options the app uses. */
export type TOptions = Record<string, unknown> & {
  /** What a missing text gives (formatted like a text). */
  defaultValue?: string;
};

/** A translate function. */
export type TFunction = (key: string, options?: TOptions) => string;

type Tree = { [key: string]: unknown };

export interface TranslatorOptions {
  lng: string;
  fallbackLng: string;
  /** The namespace of keys without one, when the caller names none. */
  defaultNS: string;
  /** Tried after the caller's namespaces. */
  fallbackNS: string;
}

function isTree(v: unknown): v is Tree {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function merge(target: Tree, source: Tree): Tree {
  for (const [k, v] of Object.entries(source)) {
    const before = target[k];
    target[k] = isTree(before) && isTree(v) ? merge({ ...before }, v) : v;
  }
  return target;
}

/** Namespace names are identifiers; anything else before a ':' is part of the key. */
const NAMESPACE = /^([a-z][a-z0-9_]*):(.+)$/;

export class Translator {
  /** The interface language. */
  language: string;
  private readonly options: TranslatorOptions;
  /** lng → ns → texts. */
  private readonly store = new Map<string, Map<string, Tree>>();
  private readonly compiled = new Map<string, ReturnType<typeof compileIcu>>();
  private readonly listeners = new Set<() => void>();
  private readonly fixed = new Map<string, TFunction>();
  private version = 0;

  constructor(options: TranslatorOptions) {
    this.options = options;
    this.language = options.lng;
  }

  /** The language texts are shown in (the app only sets supported languages). */
  get resolvedLanguage(): string {
    return this.language;
  }

  /** Adds (deep-merges) namespaces of a language; screens re-render once. */
  addResources(lng: string, namespaces: Readonly<Record<string, Tree>>): void {
    let byNs = this.store.get(lng);
    if (!byNs) this.store.set(lng, (byNs = new Map<string, Tree>()));
    for (const [ns, data] of Object.entries(namespaces)) byNs.set(ns, merge({ ...(byNs.get(ns) ?? {}) }, data));
    this.changed();
  }

  /** i18next's name for adding one namespace. */
  addResourceBundle(lng: string, ns: string, data: Tree): void {
    this.addResources(lng, { [ns]: data });
  }

  changeLanguage(lng: string): Promise<void> {
    if (lng !== this.language) {
      this.language = lng;
      this.changed();
    }
    return Promise.resolve();
  }

  /** Whether a text exists for the key (in the current or the fallback language). */
  exists(key: string, options: { ns?: string | readonly string[] } = {}): boolean {
    return this.lookup(key, options.ns) !== undefined;
  }

  /** Translates with the default namespace (or the key's own). */
  readonly t: TFunction = (key, options) => this.translate(key, this.options.defaultNS, options);

  /**
   * A translate function for a component's namespaces (the first is the default): the same function
   * until texts or the language change, then a new one, so effects and memos that use it run again.
   */
  getFixedT(ns: string | readonly string[] | undefined): TFunction {
    const id = typeof ns === 'string' ? ns : (ns ?? []).join('|');
    let t = this.fixed.get(id);
    if (!t) {
      const namespaces = ns ?? this.options.defaultNS;
      t = (key, options) => this.translate(key, namespaces, options);
      this.fixed.set(id, t);
    }
    return t;
  }

  /** Calls `listener` whenever texts or the language change (for useSyncExternalStore). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes with every change of texts or language. */
  getVersion = (): number => this.version;

  private changed(): void {
    this.version++;
    this.fixed.clear();
    for (const l of [...this.listeners]) l();
  }

  private lookup(key: string, ns: string | readonly string[] | undefined): { text: string; key: string } | undefined {
    const m = NAMESPACE.exec(key);
    const path = m ? m[2]! : key;
    const named = m ? [m[1]!] : typeof ns === 'string' ? [ns] : ns?.length ? [...ns] : [this.options.defaultNS];
    const namespaces = named.includes(this.options.fallbackNS) ? named : [...named, this.options.fallbackNS];
    const languages = this.language === this.options.fallbackLng ? [this.language] : [this.language, this.options.fallbackLng];
    const parts = path.split('.');
    for (const n of namespaces) {
      for (const lng of languages) {
        let node: unknown = this.store.get(lng)?.get(n);
        for (const p of parts) node = isTree(node) ? node[p] : undefined;
        if (typeof node === 'string') return { text: node, key: path };
      }
    }
    return undefined;
  }

  private translate(key: string, ns: string | readonly string[], options?: TOptions): string {
    const found = this.lookup(key, ns);
    const text = found?.text ?? options?.defaultValue ?? NAMESPACE.exec(key)?.[2] ?? key;
    return this.format(text, options ?? {});
  }

  private format(text: string, values: TOptions): string {
    // Only braces and apostrophes mean anything in ICU; most texts have neither.
    if (!text.includes('{') && !text.includes("'")) return text;
    try {
      let parts = this.compiled.get(text);
      if (!parts) this.compiled.set(text, (parts = compileIcu(text)));
      return formatIcu(parts, this.language, values);
    } catch {
      return text;
    }
  }
}
