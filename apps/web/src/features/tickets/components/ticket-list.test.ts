import { describe, expect, it } from 'vitest';
import { listHref, ticketHref } from './ticket-list';

describe("a ticket's address and the way back to the list", () => {
  it('keeps the filters and page of the list, never the New ticket dialog', () => {
    expect(ticketHref(7)).toBe('/tickets?ticket=7');
    expect(ticketHref(7, '?mine=1&closed=1&page=2&new=1')).toBe('/tickets?mine=1&closed=1&page=2&ticket=7');
    expect(listHref('?mine=1&page=2&ticket=7')).toBe('/tickets?mine=1&page=2');
    expect(listHref('?ticket=7')).toBe('/tickets');
  });
});
