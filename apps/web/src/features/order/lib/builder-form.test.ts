import { describe, expect, it } from 'vitest';
import { builderOfferId } from '@portside/contract/schemas/orders';
import { EMPTY_FORM, builderIssues, formCartItem, formConfig, withDiskReset, type BuilderForm } from './builder-form';
import type { ImageOption, ModelOption } from '@portside/contract/schemas/offers';

const model: ModelOption = {
  model_id: 7,
  model: 'S4R16',
  core_type: 'vcore',
  core_type_name: 'vCore — shared',
  cores: 4,
  ram_gb: 16,
  disk_gb: 100,
  location: 'frankfurt',
  monthly_price_cents: 3220,
  discount_percent: 0,
};
const linux: ImageOption = { id: 'debian-12', name: 'Debian 12', os_family: 'linux', min_disk_gb: 10, sort: 1 };
const windows: ImageOption = { id: 'windows-2022', name: 'Windows Server 2022', os_family: 'windows', min_disk_gb: 150, sort: 2 };
const form: BuilderForm = {
  ...EMPTY_FORM,
  location: 'frankfurt',
  core_type: 'vcore',
  model_id: 7,
  image: 'debian-12',
  disk_gb: 100,
  hostname: 'web-1',
};

describe('builderIssues', () => {
  it('asks for every choice of an empty form', () => {
    expect(builderIssues(EMPTY_FORM, undefined, undefined)).toEqual({
      location: 'required',
      core_type: 'required',
      model_id: 'required',
      image: 'required',
      disk_gb: 'invalid_data',
      hostname: 'hostname_empty',
    });
  });
  it('accepts a complete form', () => {
    expect(builderIssues(form, model, linux)).toEqual({});
  });
  it('applies the hostname rule while typing', () => {
    expect(builderIssues({ ...form, hostname: 'web_1' }, model, linux).hostname).toBe('hostname_invalid');
    expect(builderIssues({ ...form, hostname: 'web.example.com' }, model, linux).hostname).toBeUndefined();
  });
  it('refuses a disk below the minimum, above 1000 GB and Windows on a vCore', () => {
    expect(builderIssues({ ...form, disk_gb: 99 }, model, linux).disk_gb).toBe('disk_below_minimum');
    expect(builderIssues({ ...form, disk_gb: 1001 }, model, linux).disk_gb).toBe('disk_max_exceeded');
    expect(builderIssues({ ...form, image: 'windows-2022' }, model, windows)).toMatchObject({
      image: 'image_windows_core_type',
      disk_gb: 'disk_below_minimum',
    });
  });
  it('refuses a quantity outside 1-10', () => {
    expect(builderIssues({ ...form, quantity: 0 }, model, linux).quantity).toBe('quantity_invalid');
    expect(builderIssues({ ...form, quantity: 11 }, model, linux).quantity).toBe('quantity_invalid');
  });
});

describe('formConfig and formCartItem', () => {
  it('makes no configuration while the form has a problem', () => {
    expect(formConfig({ ...form, hostname: '' }, model, linux)).toBeNull();
  });
  it('makes the cart line with the offer id of the location and configuration', () => {
    const config = formConfig({ ...form, hostname: ' web-1 ', ssh_keys: [5, 2], quantity: 2 }, model, linux)!;
    expect(config).toEqual({
      model_id: 7,
      image: 'debian-12',
      disk_gb: 100,
      backups: false,
      hostname: 'web-1',
      project: null,
      ssh_keys: [2, 5],
    });
    const item = formCartItem({ ...form, quantity: 2 }, config);
    expect(item).toEqual({ offer_id: builderOfferId('frankfurt', config), location: 'frankfurt', quantity: 2, config });
  });
});

describe('withDiskReset', () => {
  it('starts the disk at the larger of the model and image minimum', () => {
    expect(withDiskReset(form, model, linux).disk_gb).toBe(100);
    expect(withDiskReset(form, { ...model, core_type: 'dedicated-windows' }, windows).disk_gb).toBe(150);
    expect(withDiskReset(form, undefined, linux).disk_gb).toBeNull();
  });
});
