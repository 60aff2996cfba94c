import { describe, expect, it } from 'vitest';
import { resizeBlock } from '@portside/contract/rules/vm-lifecycle';
import { fieldErrors } from '@portside/contract/schemas/issues';
import type { UpgradeModelRow } from '@portside/contract/schemas/vm-lifecycle';
import {
  bootDevicesOf,
  bootOrderOfLive,
  cloneModels,
  diskSizeOf,
  isRebuildMessage,
  isRootPasswordMessage,
  moveDevice,
  rebuildImageBlock,
  rebuildImages,
  rebuildSchemaFor,
  resizeSchemaFor,
  resizeCharge,
  rootUserOf,
  utcToday,
} from './vm-lifecycle';

describe('boot order', () => {
  it('reads a valid order and falls back to the default dcn for anything else', () => {
    expect(bootDevicesOf('cdn')).toEqual(['c', 'd', 'n']);
    expect(bootDevicesOf('')).toEqual(['d', 'c', 'n']);
    expect(bootDevicesOf('ccn')).toEqual(['d', 'c', 'n']);
    expect(bootDevicesOf(null)).toEqual(['d', 'c', 'n']);
  });

  it('moves a device up, down and to any place, never off the list', () => {
    expect(moveDevice(['d', 'c', 'n'], 1, 0)).toEqual(['c', 'd', 'n']);
    expect(moveDevice(['d', 'c', 'n'], 0, 2)).toEqual(['c', 'n', 'd']);
    expect(moveDevice(['d', 'c', 'n'], 2, 5)).toEqual(['d', 'c', 'n']);
    expect(moveDevice(['d', 'c', 'n'], 0, -1)).toEqual(['d', 'c', 'n']);
  });

  it('replaces the shown order only with a message holding all of c, d and n', () => {
    const m = { provisioned_id: 1, status: 'ok', message: 'Boot order set to cdn: it applies at the next boot' };
    expect(bootOrderOfLive({ ...m, boot_order: 'ncd' })).toBe('ncd');
    expect(bootOrderOfLive({ ...m, state: 'dnc' })).toBe('dnc');
    expect(bootOrderOfLive({ ...m, text_params: { order: 'cnd' } })).toBe('cnd');
    expect(bootOrderOfLive({ ...m, message: 'ndc' })).toBe('ndc');
    expect(bootOrderOfLive({ ...m, text_params: { order: 'cd' } })).toBeNull();
    expect(bootOrderOfLive(m)).toBeNull();
  });
});

describe('which messages a tab reads', () => {
  it('reads only root password messages from the power hub and only rebuild messages from the create hub', () => {
    expect(isRootPasswordMessage({ text_key: 'terminal:ops.root_password.done' })).toBe(true);
    expect(isRootPasswordMessage({ text_key: 'terminal:ops.start.done' })).toBe(false);
    expect(isRootPasswordMessage({})).toBe(false);
    expect(isRebuildMessage({ text_key: 'terminal:ops.rebuild.image' })).toBe(true);
    expect(isRebuildMessage({ text_key: 'terminal:create.done' })).toBe(false);
  });
});

describe('system images', () => {
  const windows = { id: 'windows-2022', name: 'Windows Server 2022', osFamily: 'windows', minDiskGb: 40 } as const;
  const debian = { id: 'debian-12', name: 'Debian 12', osFamily: 'linux', minDiskGb: 4 } as const;

  it('needs a Windows optimised model for a Windows image and a large enough disk for any', () => {
    expect(rebuildImageBlock(windows, { core_type: 'vcore', disk_gb: 80 })).toBe('windows_core');
    expect(rebuildImageBlock(windows, { core_type: 'dedicated-windows', disk_gb: 20 })).toBe('disk');
    expect(rebuildImageBlock(windows, { core_type: 'dedicated-windows', disk_gb: 40 })).toBeNull();
    expect(rebuildImageBlock(debian, { core_type: 'vcore', disk_gb: 10 })).toBeNull();
  });

  it('lists every image with its block', () => {
    const list = rebuildImages({ core_type: 'vcore', disk_gb: 20 });
    expect(list.map((i) => i.image.id)).toContain('debian-12');
    expect(list.find((i) => i.image.osFamily === 'windows')?.block).toBe('windows_core');
  });

  it('logs in as Administrator on Windows and as root elsewhere', () => {
    expect(rootUserOf('windows-2022')).toBe('Administrator');
    expect(rootUserOf('debian-12')).toBe('root');
    expect(rootUserOf('unknown')).toBe('root');
  });
});

describe('disk resize', () => {
  it('reads only plain numbers, so that the rule says amount invalid for the rest', () => {
    expect(diskSizeOf(' 60 ')).toBe(60);
    expect(diskSizeOf('12.5')).toBe(12.5);
    expect(diskSizeOf('1e3')).toBeNaN();
    expect(diskSizeOf('')).toBeNaN();
    expect(diskSizeOf('abc')).toBeNaN();
    expect(resizeBlock(40, diskSizeOf('12.5'))).toBe('amount_invalid');
    expect(resizeBlock(40, diskSizeOf('abc'))).toBe('amount_invalid');
  });

  it('charges the extra GB at the price per GB, from today to the month end', () => {
    const c = resizeCharge(40, 60, 3, '2025-04-16');
    expect(c.monthlyCents).toBe(60);
    expect(c.days).toBe(15);
    expect(c.monthDays).toBe(30);
    expect(c.cents).toBe(30);
    expect(resizeCharge(40, 30, 3, '2025-04-16').cents).toBe(0);
  });

  it('takes today as a UTC day', () => {
    expect(utcToday(new Date('2025-04-16T23:30:00-02:00'))).toBe('2025-04-17');
  });
});

describe('models of a copy', () => {
  const vm = {
    model_id: 2,
    model_name: 'S2R4',
    cores: 2,
    ram_gb: 4,
    disk_gb: 40,
    cost_breakdown: { list_price: 1000 } as never,
  };
  const row = (id: number, code: string): UpgradeModelRow => ({
    model_id: id,
    code,
    core_type: 'vcore',
    cores: 4,
    ram_gb: 8,
    disk_gb: 80,
    list_price_cents: 2000,
    current_monthly_cents: 1000,
    new_monthly_cents: 2000,
    prorated_cents: 500,
    charge_from: '2025-04-16',
    charge_to: '2025-04-30',
    charge_days: 15,
  });

  it('offers the same model first, then the higher ones', () => {
    const list = cloneModels(vm, [row(3, 'S4R8'), row(2, 'S2R4')]);
    expect(list.map((m) => [m.model_id, m.current, m.list_price_cents])).toEqual([
      [2, true, 1000],
      [3, false, 2000],
    ]);
  });
});

describe('form schemas', () => {
  const resizeErrors = (gb: number) => {
    const r = resizeSchemaFor(40).safeParse({ p_provisioned_id: 1, p_disk_gb: gb });
    return r.success ? {} : fieldErrors(r.error);
  };

  it('refuses a resize with the spec messages: not a whole number, above 1000 GB, not higher', () => {
    expect(resizeErrors(12.5)).toEqual({ p_disk_gb: 'amount_invalid' });
    expect(resizeErrors(Number.NaN)).toEqual({ p_disk_gb: 'amount_invalid' });
    expect(resizeErrors(1001)).toEqual({ p_disk_gb: 'disk_max_exceeded' });
    expect(resizeErrors(40)).toEqual({ p_disk_gb: 'disk_not_higher' });
    expect(resizeErrors(41)).toEqual({});
  });

  it('refuses a rebuild whose typed name is not the server name, and passwords that differ', () => {
    const body = {
      p_provisioned_id: 1,
      p_image: 'debian-12',
      p_name_confirm: 'web-1',
      p_password: 'longenough',
      p_password_confirm: 'longenough',
    };
    const errors = (over: object) => {
      const r = rebuildSchemaFor('web-1').safeParse({ ...body, ...over });
      return r.success ? {} : fieldErrors(r.error);
    };
    expect(errors({})).toEqual({});
    expect(errors({ p_name_confirm: 'web-2' })).toEqual({ p_name_confirm: 'name_confirm_mismatch' });
    expect(errors({ p_name_confirm: '' })).toEqual({ p_name_confirm: 'name_confirm_empty' });
    expect(errors({ p_password_confirm: 'different1' })).toEqual({ p_password_confirm: 'passwords_dont_match' });
    // Shown with the other fields' messages, not only once they are right.
    expect(errors({ p_name_confirm: 'web-2', p_password: '' })).toEqual({
      p_name_confirm: 'name_confirm_mismatch',
      p_password: 'root_password_empty',
    });
    // Both passwords empty: both are named at once.
    expect(errors({ p_password: '', p_password_confirm: '' })).toEqual({
      p_password: 'root_password_empty',
      p_password_confirm: 'root_password_confirm_empty',
    });
  });
});
