import { describe, expect, it } from 'vitest';
import { vmBackupCloneSchema } from '@portside/contract/schemas/vm-data';
import {
  afterCloneOrder,
  cloneNameOf,
  dataActionBlock,
  newOrderKey,
  isMountOk,
  isStateOn,
  livePhaseOf,
  snapshotNameOf,
  snapshotsAfter,
} from './vm-data';

const vm = {
  state: 'active',
  power_status: 'RUNNING',
  locked: 'off',
  active_status: 'OK',
  operation: null,
} as const;

describe('live message rules', () => {
  it('counts a backup as existing only when the state is on', () => {
    expect(isStateOn('on')).toBe(true);
    expect(isStateOn(' ON ')).toBe(true);
    expect(isStateOn('off')).toBe(false);
    expect(isStateOn(undefined)).toBe(false);
  });

  it('takes the snapshot name after the success: and rollback: prefixes', () => {
    expect(snapshotNameOf('success:before1')).toBe('before1');
    expect(snapshotNameOf('rollback:before1')).toBe('before1');
    expect(snapshotNameOf('success: rollback:nightly')).toBe('nightly');
    expect(snapshotNameOf('plain')).toBe('plain');
  });

  it('counts an ISO mount as ok only for the status ok', () => {
    expect(isMountOk('ok')).toBe(true);
    expect(isMountOk('OK')).toBe(false);
    expect(isMountOk('running')).toBe(false);
  });

  it('reads queued and running as running, ok and error as the end', () => {
    expect(livePhaseOf({ status: 'queued' })).toBe('running');
    expect(livePhaseOf({ status: 'running' })).toBe('running');
    expect(livePhaseOf({ status: 'ok' })).toBe('ok');
    expect(livePhaseOf({ status: 'error' })).toBe('error');
  });
});

describe('snapshotsAfter', () => {
  const rows = [
    { name: 'c', created_at: '2026-01-03T00:00:00Z' },
    { name: 'a', created_at: '2026-01-01T00:00:00Z' },
    { name: 'b', created_at: '2026-01-02T00:00:00Z' },
  ];

  it('lists every later snapshot a rollback deletes, oldest first', () => {
    expect(snapshotsAfter(rows, 'a')).toEqual(['b', 'c']);
  });

  it('deletes none when rolling back to the newest', () => {
    expect(snapshotsAfter(rows, 'c')).toEqual([]);
  });

  it('gives none for a name not in the list', () => {
    expect(snapshotsAfter(rows, 'zzz')).toEqual([]);
  });
});

describe('dataActionBlock', () => {
  it('opens a restore on an unlocked idle server', () => {
    expect(dataActionBlock(vm, 'backup-restore')).toBeNull();
  });

  it('refuses a restore, a clone and a rollback while the server is locked', () => {
    for (const action of ['backup-restore', 'backup-restore-clone', 'snapshot-rollback'] as const) {
      expect(dataActionBlock({ ...vm, locked: 'on' }, action)).toBe('locked');
    }
  });

  it('lets a locked server take a snapshot or a backup', () => {
    expect(dataActionBlock({ ...vm, locked: 'on' }, 'snapshot-create')).toBeNull();
    expect(dataActionBlock({ ...vm, locked: 'on' }, 'backup-now')).toBeNull();
  });

  it('refuses everything while another operation runs', () => {
    expect(dataActionBlock({ ...vm, operation: 'backup-now' }, 'snapshot-create')).toBe('in_progress');
  });
});

it('suggests <name>-clone for a restore to a new server', () => {
  expect(cloneNameOf('web1')).toBe('web1-clone');
});

describe('a restore to a new server, ordered like a server', () => {
  const payment = { payment_id: 1, status: 'pending' as const };

  it('sends a card payment to the provider’s page', () => {
    expect(afterCloneOrder({ order_id: 7, payment: { ...payment, redirect_url: 'https://psp.example/pay/1' } }, 'card')).toEqual({
      kind: 'redirect',
      url: 'https://psp.example/pay/1',
    });
  });

  it('shows a settled card payment on the return page', () => {
    expect(afterCloneOrder({ order_id: 7, payment }, 'card')).toEqual({ kind: 'route', path: '/payment-return/7' });
  });

  it('shows a bank transfer’s instructions', () => {
    expect(afterCloneOrder({ order_id: 7, payment }, 'bank_transfer')).toEqual({
      kind: 'route',
      path: '/payment-return-banktransfer/7',
    });
  });

  it('stays on the page for a balance payment', () => {
    expect(afterCloneOrder({ order_id: 7, payment }, 'balance')).toEqual({ kind: 'stay' });
  });

  it('makes order keys the contract accepts, a new one each time', () => {
    const a = newOrderKey();
    expect(vmBackupCloneSchema.shape.p_idempotency_key.safeParse(a).success).toBe(true);
    expect(newOrderKey()).not.toBe(a);
  });
});
