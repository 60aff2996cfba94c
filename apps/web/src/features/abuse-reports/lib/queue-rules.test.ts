/**
 * The queue's query of a page and its limits agree with the contract: the note's limit is the one
 * ResolveAbuseReport checks, and a decision is never 'open'.
 */
import { describe, expect, it } from 'vitest';
import { ABUSE_STATUSES, resolveAbuseReportSchema } from '@portside/contract/schemas/support';
import { ABUSE_NOTE_MAX, ABUSE_PAGE_SIZE, STATUS_COLOR, abuseReportsQuery } from './queue-rules';

describe('abuseReportsQuery', () => {
  it('asks only for open reports by default, newest first', () => {
    expect(abuseReportsQuery('open', 1)).toEqual({
      order: 'created_at.desc,report.desc',
      limit: String(ABUSE_PAGE_SIZE),
      offset: '0',
      status: 'eq.open',
    });
  });

  it('asks for every report with the all filter, a page further on', () => {
    const q = abuseReportsQuery('all', 3);
    expect(q.status).toBeUndefined();
    expect(q.offset).toBe(String(2 * ABUSE_PAGE_SIZE));
  });

  it('never asks for a page before the first', () => {
    expect(abuseReportsQuery('all', 0).offset).toBe('0');
  });
});

describe('the decision limits', () => {
  const body = (note: string, status = 'resolved') => ({ p_report: 1, p_status: status, p_note: note });

  it('accepts a note of ABUSE_NOTE_MAX characters and refuses one more', () => {
    expect(resolveAbuseReportSchema.safeParse(body('x'.repeat(ABUSE_NOTE_MAX))).success).toBe(true);
    expect(resolveAbuseReportSchema.safeParse(body('x'.repeat(ABUSE_NOTE_MAX + 1))).success).toBe(false);
  });

  it('refuses open as a decision', () => {
    expect(resolveAbuseReportSchema.safeParse(body('', 'open')).success).toBe(false);
    expect(resolveAbuseReportSchema.safeParse(body('', 'rejected')).success).toBe(true);
  });

  it('has a badge colour for every status', () => {
    expect(Object.keys(STATUS_COLOR).sort()).toEqual([...ABUSE_STATUSES].sort());
  });
});
