import { describe, expect, it } from 'vitest';
import type { ServerInstall } from '@portside/contract/schemas/dedicated';
import { configFileName } from './download';
import { installSteps, stepsDone } from './install-steps';
import { formatUnit } from './units';
import { asDedicatedMessage } from './use-dedicated-live';

describe('configFileName', () => {
  it('names the file after the hostname', () => {
    expect(configFileName('db-1')).toBe('db-1-ipmi.conf');
  });
  it('keeps nothing that could leave the download folder or confuse a shell', () => {
    expect(configFileName('../etc/pass wd')).toBe('..-etc-pass-wd-ipmi.conf');
    expect(configFileName('///')).toBe('server-ipmi.conf');
  });
});

describe('install steps', () => {
  const install = {
    step: 'racked',
    ordered_at: '2026-01-02T10:00:00Z',
    racked_at: '2026-01-05T09:00:00Z',
    os_installed_at: null,
    handed_over_at: null,
  } as ServerInstall;

  it('lists the four steps in order with the time each was reached', () => {
    expect(installSteps(install)).toEqual([
      { step: 'ordered', at: '2026-01-02T10:00:00Z' },
      { step: 'racked', at: '2026-01-05T09:00:00Z' },
      { step: 'os-installed', at: null },
      { step: 'handed-over', at: null },
    ]);
  });

  it('counts the current step as done', () => {
    expect(stepsDone({ step: 'ordered' })).toBe(1);
    expect(stepsDone({ step: 'racked' })).toBe(2);
    expect(stepsDone({ step: 'handed-over' })).toBe(4);
  });
});

describe('formatUnit', () => {
  it('writes sizes, speeds, temperatures and fans in the language’s format', () => {
    expect(formatUnit(1920, 'gigabyte', 'en')).toBe('1,920 GB');
    expect(formatUnit(1920, 'gigabyte', 'de').replace(/\s/g, ' ')).toBe('1.920 GB');
    expect(formatUnit(3200, 'megahertz', 'en')).toBe('3,200 MHz');
    expect(formatUnit(41.25, 'celsius', 'en')).toBe('41.3°C');
    expect(formatUnit(7200, 'rpm', 'en')).toBe('7,200 rpm');
  });
});

describe('asDedicatedMessage', () => {
  it('takes a power or job message of a server', () => {
    const m = { serial: 'DS-1', event: 'power', power_state: 'On', message: 'On' };
    expect(asDedicatedMessage(m)).toBe(m);
  });
  it('refuses anything else', () => {
    expect(asDedicatedMessage(null)).toBeNull();
    expect(asDedicatedMessage({ provisioned_id: 3, status: 'done', message: 'x' })).toBeNull();
    expect(asDedicatedMessage({ serial: 'DS-1', event: 'other' })).toBeNull();
  });
});
