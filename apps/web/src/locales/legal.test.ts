/**
 * The default texts of the legal and content pages (locales/<lng>/legal.json, issue 16) are HTML
 * that the pages render through the sanitiser. Here each `*_html` text is held to the small tag set
 * the brief allows (p, h2, h3, ul, ol, li, strong, em, and a with only an href), properly nested,
 * linking only to pages of the portal, and with the same outline (tags and links in order) in every
 * language as in English, so a translation cannot drop a section, a list item or a link unnoticed.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@portside/contract/constants';
import { matchPath } from '@portside/contract/routes';

const FILES = import.meta.glob<Record<string, string>>('./*/legal.json', { eager: true, import: 'default' });
const ALLOWED = new Set(['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a']);
/** Elements that may hold text and inline markup, as opposed to lists, which hold only li. */
const LISTS = new Set(['ul', 'ol']);

/** One tag of a text: its name, whether it closes, and its attributes as written. */
interface Tag {
  name: string;
  closing: boolean;
  attrs: string;
}

function tagsOf(html: string): Tag[] {
  return [...html.matchAll(/<(\/?)([^\s>/]*)([^>]*)>/g)].map((m) => ({
    name: m[2]!.toLowerCase(),
    closing: m[1] === '/',
    attrs: m[3]!.trim(),
  }));
}

/**
 * What is wrong with an HTML text: tags or attributes outside the allowed set, tags that do not
 * nest, text outside a block, links that are not a page of the portal. Empty when it is fine.
 */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  const open: string[] = [];
  for (const tag of tagsOf(html)) {
    if (!ALLOWED.has(tag.name)) problems.push(`<${tag.name}> is not allowed`);
    if (tag.closing) {
      if (open.pop() !== tag.name) problems.push(`</${tag.name}> closes nothing open`);
      continue;
    }
    if (tag.name === 'a') {
      const href = /^href="([^"]*)"$/.exec(tag.attrs)?.[1];
      if (href === undefined) problems.push(`<a ${tag.attrs}> needs exactly one href`);
      else if (!matchPath(href)) problems.push(`${href} is not a page of the portal`);
    } else if (tag.attrs) problems.push(`<${tag.name} ${tag.attrs}> has attributes`);
    if (tag.name === 'li' && !LISTS.has(open.at(-1) ?? '')) problems.push('<li> outside a list');
    if (tag.name !== 'li' && LISTS.has(open.at(-1) ?? '')) problems.push(`<${tag.name}> directly in a list`);
    open.push(tag.name);
  }
  if (open.length) problems.push(`unclosed ${open.join(', ')}`);
  // Text belongs in a block: nothing but whitespace between the top-level elements.
  let depth = 0;
  for (const piece of html.split(/(<[^>]*>)/)) {
    if (piece.startsWith('<')) depth += piece.startsWith('</') ? -1 : 1;
    else if (depth === 0 && piece.trim()) problems.push(`text outside a block: ${piece.trim().slice(0, 30)}`);
  }
  return problems;
}

/** The outline of a text: its tags in order, links with their target. */
const outlineOf = (html: string) =>
  tagsOf(html).map((t) => (t.closing ? `/${t.name}` : t.name === 'a' ? `a ${t.attrs}` : t.name));

const en = FILES['./en/legal.json']!;
const htmlKeys = Object.keys(en).filter((k) => k.endsWith('_html'));

it('checks the page texts the support pages read', () => {
  expect(htmlKeys.sort()).toEqual(['client_area_html', 'dummy_html', 'privacy_html', 'synology_html', 'terms_html']);
});

describe('the checker', () => {
  it('accepts the allowed markup and a link to a page of the portal', () => {
    expect(problemsOf('<h2>A</h2><p>b <strong>c</strong> <a href="/settings">d</a></p><ol><li><em>e</em></li></ol>')).toEqual([]);
  });

  it('refuses scripts, images, styles, handlers, outside links, broken nesting and loose text', () => {
    expect(problemsOf('<p>a</p><script>x</script>')).toContain('<script> is not allowed');
    expect(problemsOf('<p><img src="/x.png"></p>')).toContain('<img> is not allowed');
    expect(problemsOf('<p style="color:red">a</p>')).toContain('<p style="color:red"> has attributes');
    expect(problemsOf('<p><a href="/billing" onclick="x()">a</a></p>')).toContain(
      '<a href="/billing" onclick="x()"> needs exactly one href',
    );
    expect(problemsOf('<p><a href="https://example.com">a</a></p>')).toContain('https://example.com is not a page of the portal');
    expect(problemsOf('<p><strong>a</p></strong>')).toContain('</p> closes nothing open');
    expect(problemsOf('<ul><p>a</p></ul>')).toContain('<p> directly in a list');
    expect(problemsOf('<li>a</li>')).toContain('<li> outside a list');
    expect(problemsOf('<p>a')).toContain('unclosed p');
    expect(problemsOf('loose <p>a</p>')).toContain('text outside a block: loose');
  });
});

describe.each([...LANGUAGES])('the legal texts in %s', (lng) => {
  const texts = FILES[`./${lng}/legal.json`] ?? {};

  it.each(htmlKeys)('%s uses only the allowed markup and links to pages of the portal', (key) => {
    expect(texts[key], key).toBeTruthy();
    expect(problemsOf(texts[key] ?? '')).toEqual([]);
  });

  it.each(htmlKeys)('%s has the outline of the English text', (key) => {
    expect(outlineOf(texts[key] ?? '')).toEqual(outlineOf(en[key]!));
  });
});
