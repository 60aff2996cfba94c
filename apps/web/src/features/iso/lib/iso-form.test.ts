import { describe, expect, it } from 'vitest';
import { isoNameProblem, isoUrlProblem, percentOf } from './iso-form';

describe('isoUrlProblem', () => {
  it('accepts an http or https address', () => {
    expect(isoUrlProblem('https://example.com/images/alpine.iso')).toBeNull();
    expect(isoUrlProblem(' http://127.0.0.1:8080/x.iso ')).toBeNull();
  });

  it('refuses other schemes, credentials and text that is no address', () => {
    expect(isoUrlProblem('ftp://example.com/a.iso')).toBe('iso_url_invalid');
    expect(isoUrlProblem('https://user:pw@example.com/a.iso')).toBe('iso_url_invalid');
    expect(isoUrlProblem('not a url')).toBe('iso_url_invalid');
  });
});

describe('isoNameProblem', () => {
  it('lets the name be left out', () => {
    expect(isoNameProblem('  ')).toBeNull();
  });

  it('accepts a plain name ending in .iso', () => {
    expect(isoNameProblem('debian-12 (netinst).iso')).toBeNull();
  });

  it('refuses a name without .iso or with a slash', () => {
    expect(isoNameProblem('debian.img')).toBe('iso_name_invalid');
    expect(isoNameProblem('../etc/passwd.iso')).toBe('iso_name_invalid');
  });

  it('refuses a name longer than the limit', () => {
    expect(isoNameProblem(`${'a'.repeat(130)}.iso`)).toBe('field_too_long');
  });
});

it('turns a share into a whole percent between 0 and 100', () => {
  expect(percentOf(0.456)).toBe(46);
  expect(percentOf(2)).toBe(100);
  expect(percentOf(-1)).toBe(0);
});
