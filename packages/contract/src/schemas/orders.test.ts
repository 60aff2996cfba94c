import { describe, expect, it } from 'vitest';
import {
  builderOfferId,
  createOrderSchema,
  dedicatedOfferId,
  orderHostnames,
  orderQuoteSchema,
  type VmOrderConfig,
} from './orders';

const config: VmOrderConfig = {
  model_id: 3,
  image: 'debian-12',
  disk_gb: 50,
  backups: true,
  hostname: 'web.example.com',
  project: null,
  ssh_keys: [2, 1],
};
const line = { offer_id: 'vm-3-x', location: 'lisbon', quantity: 1, config };
const issues = (body: unknown) => {
  const r = createOrderSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('builderOfferId', () => {
  it('is the same for the same location and configuration (SSH keys in any order)', () => {
    expect(builderOfferId('lisbon', config)).toBe(builderOfferId('lisbon', { ...config, ssh_keys: [1, 2] }));
    expect(builderOfferId('lisbon', config)).toMatch(/^vm-3-[0-9a-f]{8}$/);
  });

  it('differs when the location or any choice differs', () => {
    const base = builderOfferId('lisbon', config);
    const others = [
      builderOfferId('frankfurt', config),
      builderOfferId('lisbon', { ...config, disk_gb: 51 }),
      builderOfferId('lisbon', { ...config, backups: false }),
      builderOfferId('lisbon', { ...config, hostname: 'web2.example.com' }),
      builderOfferId('lisbon', { ...config, image: 'rocky-9' }),
      builderOfferId('lisbon', { ...config, project: 7 }),
    ];
    expect(new Set([base, ...others]).size).toBe(7);
  });
});

describe('orderHostnames', () => {
  it('keeps one server’s name and numbers several before the domain', () => {
    expect(orderHostnames('web.example.com', 1)).toEqual(['web.example.com']);
    expect(orderHostnames('web.example.com', 3)).toEqual(['web-1.example.com', 'web-2.example.com', 'web-3.example.com']);
    expect(orderHostnames('db', 2)).toEqual(['db-1', 'db-2']);
  });
});

describe('createOrderSchema', () => {
  const body = { p_idempotency_key: 'checkout-1234', p_items: [line], p_payment_method: 'card' };

  it('accepts a checkout', () => {
    expect(issues(body)).toEqual([]);
  });

  it('answers the spec’s messages', () => {
    expect(issues({ ...body, p_items: [] })).toEqual(['p_items: cart_empty']);
    expect(issues({ ...body, p_items: [{ ...line, config: { ...config, hostname: '' } }] })).toEqual([
      'p_items.0.config.hostname: hostname_empty',
    ]);
    expect(issues({ ...body, p_items: [{ ...line, config: { ...config, hostname: 'web_1' } }] })).toEqual([
      'p_items.0.config.hostname: hostname_invalid',
    ]);
    expect(issues({ ...body, p_items: [{ ...line, config: { ...config, disk_gb: 1001 } }] })).toEqual([
      'p_items.0.config.disk_gb: disk_max_exceeded',
    ]);
    expect(issues({ ...body, p_items: [{ ...line, quantity: 11 }] })).toEqual(['p_items.0.quantity: quantity_invalid']);
    expect(issues({ ...body, p_items: [{ ...line, quantity: 0 }] })).toEqual(['p_items.0.quantity: quantity_invalid']);
  });

  it('refuses unknown payment methods and short idempotency keys', () => {
    expect(issues({ ...body, p_payment_method: 'cash' })).toEqual(['p_payment_method: invalid_data']);
    expect(issues({ ...body, p_idempotency_key: 'x' })).toEqual(['p_idempotency_key: invalid_data']);
  });
});

describe('a dedicated-server line', () => {
  const dedicated = {
    kind: 'dedicated',
    offer_id: dedicatedOfferId(7, 'db-1'),
    location: 'lisbon',
    quantity: 2,
    dedicated: { offer: 7, hostname: 'db-1' },
  };
  const body = (items: unknown[]) => ({ p_idempotency_key: 'key-00000001', p_items: items, p_payment_method: 'card' });
  it('is ordered beside a cloud server', () => {
    expect(issues(body([line, dedicated]))).toEqual([]);
    expect(dedicatedOfferId(7, ' DB-1 ')).toBe('ds-7-db-1');
  });
  it('takes letters, digits and hyphens only, at most 60, and a positive offer', () => {
    expect(issues(body([{ ...dedicated, dedicated: { offer: 7, hostname: 'db.example' } }]))).toEqual([
      'p_items.0.dedicated.hostname: hostname_dedicated_invalid',
    ]);
    expect(issues(body([{ ...dedicated, dedicated: { offer: 7, hostname: 'x'.repeat(61) } }]))).toEqual([
      'p_items.0.dedicated.hostname: field_too_long',
    ]);
    expect(issues(body([{ ...dedicated, dedicated: { offer: 0, hostname: 'db' } }]))).toEqual([
      'p_items.0.dedicated.offer: invalid_data',
    ]);
    expect(issues(body([{ ...dedicated, kind: 'metal' }]))).toEqual(['p_items.0.kind: invalid_data']);
  });
  it('is quoted with p_kind dedicated, which needs p_dedicated (and a cloud quote p_config)', () => {
    const q = { p_location: 'lisbon', p_quantity: 1 };
    expect(orderQuoteSchema.safeParse({ ...q, p_kind: 'dedicated', p_dedicated: { offer: 7, hostname: 'db' } }).success).toBe(
      true,
    );
    expect(orderQuoteSchema.safeParse({ ...q, p_config: config }).success).toBe(true);
    const missing = orderQuoteSchema.safeParse({ ...q, p_kind: 'dedicated', p_config: config });
    expect(missing.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['p_dedicated: invalid_data']);
    expect(orderQuoteSchema.safeParse(q).error?.issues.map((i) => i.path.join('.'))).toEqual(['p_config']);
  });
});
