import { describe, expect, it } from 'vitest';
import { TICKETS_PAGE_SIZE, ticketListQuery } from './get-tickets';

const ME = '6f1c2a9e-0000-4000-8000-000000000001';

describe('ticketListQuery', () => {
  it('hides closed tickets by default and pages by the page size', () => {
    expect(ticketListQuery('mine', { mine: false, showClosed: false }, ME, 3)).toEqual({
      limit: String(TICKETS_PAGE_SIZE),
      offset: String(2 * TICKETS_PAGE_SIZE),
      status: 'neq.closed',
    });
  });
  it("narrows a customer's list to the tickets they opened, and staff's to the ones assigned to them", () => {
    expect(ticketListQuery('mine', { mine: true, showClosed: true }, ME, 1)).toEqual({
      limit: String(TICKETS_PAGE_SIZE),
      offset: '0',
      created_by_user: `eq.${ME}`,
    });
    expect(ticketListQuery('staff', { mine: true, showClosed: false }, ME, 1)).toMatchObject({
      agent: `eq.${ME}`,
      status: 'neq.closed',
    });
  });
});
