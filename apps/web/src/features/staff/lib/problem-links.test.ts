import { describe, expect, it } from 'vitest';
import { problemLink, problemsQuery } from './problem-links';

const base = { serial: null, subject: 'web-01', order_id: null, client: null };

describe('where a problem is fixed', () => {
  it('sends dedicated servers to their details on /server-stats', () => {
    for (const kind of ['bmc_unreachable', 'power_job_failed', 'disk_unhealthy'] as const)
      expect(problemLink({ ...base, kind, serial: 'CZ 1/2' })).toBe('/server-stats?serial=CZ+1%2F2');
    expect(problemLink({ ...base, kind: 'disk_unhealthy' })).toBeNull();
  });

  it('sends VMs and orders to /all-services and payments to the account in /clients', () => {
    expect(problemLink({ ...base, kind: 'vm_lost_contact', subject: 'db & co' })).toBe('/all-services?search=db+%26+co');
    expect(problemLink({ ...base, kind: 'vm_operation_failed' })).toBe('/all-services?search=web-01');
    expect(problemLink({ ...base, kind: 'order_item_failed', order_id: 5003 })).toBe('/all-services?order=5003');
    expect(problemLink({ ...base, kind: 'order_item_failed' })).toBeNull();
    const client = '7d1e0c3a-9a53-4d6e-8d0e-0f6c2b1a9e11';
    expect(problemLink({ ...base, kind: 'payment_failed', client })).toBe(`/clients?client=${client}`);
  });

  it('reads one page of one kind, or of all', () => {
    expect(problemsQuery('all', 2, 20)).toEqual({ order: 'at.desc.nullslast,kind.asc,key.asc', limit: '20', offset: '20' });
    expect(problemsQuery('payment_failed', 1, 20).kind).toBe('eq.payment_failed');
  });
});
