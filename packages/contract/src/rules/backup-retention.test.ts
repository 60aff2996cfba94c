import { describe, expect, it } from 'vitest';
import { backupsToPrune } from './backup-retention';

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 1, 30));
const backup = (n: number, isProtected = false) => ({ volid: `local:backup/b-${n}`, createdAt: day(n), protected: isProtected });

describe('backupsToPrune', () => {
  it('keeps the newest 7 of 9 and the protected ones on top: of 9 backups with 2 protected, 7 + the protected stay', () => {
    const all = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => backup(n, n === 1 || n === 5));
    const pruned = backupsToPrune(all).map((b) => b.volid);
    // 7 unprotected exist (2,3,4,6,7,8,9): all are kept, nothing is pruned.
    expect(pruned).toEqual([]);
    const eleven = [...all, backup(10), backup(11)];
    expect(backupsToPrune(eleven).map((b) => b.volid)).toEqual(['local:backup/b-2', 'local:backup/b-3']);
    const kept = eleven.filter((b) => !backupsToPrune(eleven).includes(b));
    expect(kept).toHaveLength(9);
    expect(kept.filter((b) => b.protected)).toHaveLength(2);
  });

  it('prunes the oldest first whatever the input order, and never a protected one', () => {
    const list = [
      backup(12),
      backup(3),
      backup(9, true),
      backup(1),
      backup(5),
      backup(8),
      backup(2),
      backup(11),
      backup(4),
      backup(10),
    ];
    const pruned = backupsToPrune(list);
    expect(pruned.map((b) => b.volid)).toEqual(['local:backup/b-1', 'local:backup/b-2']);
    expect(pruned.some((b) => b.protected)).toBe(false);
  });

  it('prunes nothing with 7 or fewer and honours another keep count', () => {
    expect(backupsToPrune([1, 2, 3, 4, 5, 6, 7].map((n) => backup(n)))).toEqual([]);
    expect(
      backupsToPrune(
        [1, 2, 3].map((n) => backup(n)),
        1,
      ).map((b) => b.volid),
    ).toEqual(['local:backup/b-1', 'local:backup/b-2']);
  });
});
