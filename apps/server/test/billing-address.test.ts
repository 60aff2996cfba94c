/**
 * The billing address's country, phone and VAT rules through the API (issue 9 §4): registration
 * and ProfileUpdateBillingAddress refuse the same values with the same message keys in a 400 of
 * the catalogue's shape, and change nothing; what they accept they store normalised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';
import { NO_RATE_LIMIT, detailLines, expectErrorShape, newAccount, registerBody, scalar, uniqueEmail } from './factories.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ rateLimit: NO_RATE_LIMIT });
});
afterAll(async () => s?.stop());

const address = {
  p_company_name: 'Nova Lda',
  p_address: 'Rua Nova 2',
  p_address2: '',
  p_city: 'Braga',
  p_country: 'PT',
  p_state: 'Braga',
  p_postcode: '4700-001',
  p_phone_prefix: '+351',
  p_phone_number: '913000000',
  p_vat_number: 'PT123456789',
};
const billingRow = (clientId: string) =>
  s.db.owner
    .query(
      `SELECT company_name, address, city, country, state, postcode, phone_prefix, phone_number, vat_number FROM clients WHERE id = $1`,
      [clientId],
    )
    .then((r) => r.rows[0]);

/** Bodies the rules refuse, with the one detail line each must answer. */
const REFUSED: Array<[Record<string, string>, string]> = [
  [{ p_country: 'Narnia' }, 'p_country: country_invalid'],
  [{ p_country: 'XX' }, 'p_country: country_invalid'],
  [{ p_country: 'pt ' }, 'p_country: country_invalid'],
  [{ p_country: 'Portugal' }, 'p_country: country_invalid'],
  [{ p_country: "PT'; DROP TABLE clients; --" }, 'p_country: country_invalid'],
  [{ p_phone_prefix: '+999' }, 'p_phone_prefix: phone_prefix_invalid'],
  [{ p_phone_prefix: 'Lisboa' }, 'p_phone_prefix: phone_prefix_invalid'],
  [{ p_phone_number: '<script>' }, 'p_phone_number: phone_number_invalid'],
  [{ p_phone_number: '12' }, 'p_phone_number: phone_number_invalid'],
  [{ p_phone_number: '9130000000000' }, 'p_phone_number: phone_number_too_long'],
  [{ p_vat_number: 'PT1234' }, 'p_vat_number: vat_number_invalid'],
  [{ p_country: 'DE', p_vat_number: 'PT123456789' }, 'p_vat_number: vat_number_invalid'],
  [{ p_country: 'US', p_vat_number: '<b>1</b>' }, 'p_vat_number: tax_number_invalid'],
];

describe('ProfileUpdateBillingAddress', () => {
  it.each(REFUSED)('refuses %j with a 400 in the catalogue shape and changes nothing', async (over, line) => {
    const a = await newAccount(s);
    const before = await billingRow(a.clientId);
    const r = await s.rpc('ProfileUpdateBillingAddress', { ...address, ...over }, a.token);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(detailLines(r)).toEqual([line]);
    expect(await billingRow(a.clientId)).toEqual(before);
  });

  it('stores the country upper-case, the calling code with its plus and the VAT number normalised', async () => {
    const a = await newAccount(s);
    const r = await s.rpc(
      'ProfileUpdateBillingAddress',
      { ...address, p_country: 'pt', p_phone_prefix: '351', p_phone_number: '(91) 300-00 00', p_vat_number: 'pt 123.456.789' },
      a.token,
    );
    expect(r.body).toEqual({ success: true });
    expect(await billingRow(a.clientId)).toMatchObject({
      country: 'PT',
      phone_prefix: '+351',
      phone_number: '(91) 300-00 00',
      vat_number: 'PT123456789',
    });
    await s.rpc(
      'ProfileUpdateBillingAddress',
      { ...address, p_country: 'gr', p_phone_prefix: '+30', p_vat_number: '123456789' },
      a.token,
    );
    expect(await billingRow(a.clientId)).toMatchObject({ country: 'GR', phone_prefix: '+30', vat_number: 'EL123456789' });
    await s.rpc(
      'ProfileUpdateBillingAddress',
      { ...address, p_country: 'CH', p_phone_prefix: '+41', p_vat_number: 'CHE-123.456.789 MWST' },
      a.token,
    );
    expect(await billingRow(a.clientId)).toMatchObject({ country: 'CH', vat_number: 'CHE123456789MWST' });
  });
});

describe('register', () => {
  it.each(REFUSED)('refuses %j with a 400 in the catalogue shape and creates no account', async (over, line) => {
    const clients = await scalar(s, 'SELECT count(*) FROM clients');
    const body = registerBody({ ...over, p_email: uniqueEmail('rules') });
    const r = await s.rpc('register', body);
    expectErrorShape(r, 400, 'VALIDATION_FAILED');
    expect(detailLines(r)).toEqual([line]);
    expect(await scalar(s, 'SELECT count(*) FROM clients')).toBe(clients);
    expect(await s.lastMail(body.p_email)).toBeNull();
  });

  it('stores what it accepts normalised', async () => {
    const a = await newAccount(s, {
      p_country: 'fi',
      p_phone_prefix: '358',
      p_phone_number: '40 123 4567',
      p_vat_number: 'fi 1234-5678',
    });
    expect(await billingRow(a.clientId)).toMatchObject({
      country: 'FI',
      phone_prefix: '+358',
      phone_number: '40 123 4567',
      vat_number: 'FI12345678',
    });
  });
});
