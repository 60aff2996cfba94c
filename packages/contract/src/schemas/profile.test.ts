import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { fieldErrors } from './issues';
import { profileUpdateLanguageSchema, profileUpdateVoucherSchema, telegramRequestSchema, type Profile } from './profile';

describe('profileUpdateLanguageSchema', () => {
  it('accepts each supported language', () => {
    for (const l of LANGUAGES) expect(profileUpdateLanguageSchema.parse({ p_language: l })).toEqual({ p_language: l });
  });
  it.each(['fr', 'EN', '', undefined, 3])('refuses %j as unsupported', (l) => {
    const r = profileUpdateLanguageSchema.safeParse({ p_language: l });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)).toEqual({ p_language: 'language_invalid' });
  });
});

describe('profileUpdateVoucherSchema', () => {
  it('accepts a strict voucher, trimmed', () => {
    expect(profileUpdateVoucherSchema.parse({ p_voucher: ' SPRING24 ' })).toEqual({ p_voucher: 'SPRING24' });
  });
  it('refuses empty and malformed vouchers', () => {
    const empty = profileUpdateVoucherSchema.safeParse({ p_voucher: '' });
    const bad = profileUpdateVoucherSchema.safeParse({ p_voucher: 'spring' });
    expect(!empty.success && fieldErrors(empty.error)).toEqual({ p_voucher: 'voucher_empty' });
    expect(!bad.success && fieldErrors(bad.error)).toEqual({ p_voucher: 'voucher_invalid' });
  });
});

describe('telegramRequestSchema', () => {
  it('needs a Telegram id', () => {
    expect(telegramRequestSchema.safeParse({ p_telegram_id: '@ana' }).success).toBe(true);
    const r = telegramRequestSchema.safeParse({ p_telegram_id: ' ' });
    expect(!r.success && fieldErrors(r.error)).toEqual({ p_telegram_id: 'telegram_id_empty' });
  });
});

describe('Profile', () => {
  it('describes a MyProfile row', () => {
    const p: Profile = {
      id: 'u1',
      client: 'c1',
      email: 'a@b.co',
      first_name: 'A',
      last_name: 'B',
      company_name: null,
      address: 'x',
      address2: null,
      city: 'y',
      country: 'PT',
      phone_prefix: '+351',
      phone_number: '1',
      state: 's',
      postcode: 'p',
      vat_number: null,
      language: 'en',
      timezone: 'Europe/Lisbon',
      logout_after_minutes: 30,
      invoice_ninja_client_link: null,
      pg_roles: [],
      claims: [],
      prox_sync_success: true,
      is_owner: true,
      verification_status: 'none',
      voucher: { voucher: 'SPRING24', notes: null, valid_to: null },
      notification_secret: 'ab'.repeat(32),
    };
    expect(p.voucher?.voucher).toBe('SPRING24');
  });
});
