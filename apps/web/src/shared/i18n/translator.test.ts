/**
 * The translator follows i18next's rules the app relies on: a key's own namespace, else the
 * caller's in order, then the fallback namespace, each in the current then the fallback language;
 * defaultValue and the bare key for missing texts; ICU formatting in the current language; one
 * change notice per batch of texts or language switch.
 */
import { describe, expect, it, vi } from 'vitest';
import { Translator } from './translator';

function make(lng = 'pl') {
  const tr = new Translator({ lng, fallbackLng: 'en', defaultNS: 'common', fallbackNS: 'common' });
  tr.addResources('en', {
    common: { ok: 'OK', actions: { save: 'Save' }, only_en: 'Only English' },
    shell: { greeting: 'Hello, {name}', servers: '{n, plural, one {# server} other {# servers}}' },
    order: { greeting: 'Order greeting', empty: '' },
  });
  tr.addResources('pl', {
    common: { actions: { save: 'Zapisz' } },
    shell: { servers: '{n, plural, one {# serwer} few {# serwery} many {# serwerów} other {# serwera}}' },
  });
  return tr;
}

describe('the translator', () => {
  it('reads a namespaced key in the current language, else in English', () => {
    const tr = make();
    expect(tr.t('common:actions.save')).toBe('Zapisz');
    expect(tr.t('shell:greeting', { name: 'Dana' })).toBe('Hello, Dana');
    expect(tr.t('only_en')).toBe('Only English');
  });

  it("looks in the caller's namespaces in order, then in the fallback namespace", () => {
    const tr = make('en');
    expect(tr.getFixedT(['shell', 'order'])('greeting', { name: 'X' })).toBe('Hello, X');
    expect(tr.getFixedT(['order', 'shell'])('greeting')).toBe('Order greeting');
    expect(tr.getFixedT('order')('actions.save')).toBe('Save');
  });

  it('formats plurals with the current language', () => {
    const tr = make();
    const t = tr.getFixedT('shell');
    expect([1, 3, 5, 22].map((n) => t('servers', { n }))).toEqual(['1 serwer', '3 serwery', '5 serwerów', '22 serwery']);
  });

  it('gives defaultValue, else the key without namespace, for missing texts; empty texts count', () => {
    const tr = make();
    expect(tr.t('shell:nothing.here')).toBe('nothing.here');
    expect(tr.t('shell:nothing', { defaultValue: '' })).toBe('');
    expect(tr.t('shell:nothing', { defaultValue: 'Fallback {v}', v: 1 })).toBe('Fallback 1');
    expect(tr.t('order:empty', { defaultValue: 'x' })).toBe('');
    expect(tr.t('actions')).toBe('actions');
    expect(tr.exists('common:actions.save')).toBe(true);
    expect(tr.exists('common:actions')).toBe(false);
    expect(tr.exists('shell:missing')).toBe(false);
  });

  it('keeps a text with a missing value as written', () => {
    expect(make().t('shell:greeting')).toBe('Hello, {name}');
  });

  it('notifies once per batch and per language change, and merges new texts', () => {
    const tr = make();
    const listener = vi.fn();
    const stop = tr.subscribe(listener);
    const before = tr.getVersion();
    tr.addResources('pl', { common: { ok: 'Dobrze' }, order: { greeting: 'Powitanie' } });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(tr.t('common:actions.save')).toBe('Zapisz');
    expect(tr.t('common:ok')).toBe('Dobrze');
    void tr.changeLanguage('en');
    void tr.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(tr.getVersion()).toBe(before + 2);
    expect(tr.t('common:ok')).toBe('OK');
    stop();
    void tr.changeLanguage('pl');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
