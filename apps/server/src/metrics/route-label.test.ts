import { describe, expect, it } from 'vitest';
import { OTHER_ROUTE, routeLabel } from './route-label.js';

const names = { rpcs: new Set(['VmStart', 'login']), views: new Set(['MyVMs2', 'MyProfile']) };

describe('routeLabel', () => {
  it('names an rpc by its registry name', () => {
    expect(routeLabel('/api/rpc/:name', { name: 'VmStart' }, names)).toBe('/api/rpc/VmStart');
  });

  it('names a view by its registry name, whatever the query', () => {
    expect(routeLabel('/api/*', { '*': 'MyVMs2' }, names)).toBe('/api/MyVMs2');
  });

  it('keeps a route template with its parameters unfilled', () => {
    expect(routeLabel('/api/InvoicePdf/:id', { id: '1234' }, names)).toBe('/api/InvoicePdf/:id');
    expect(routeLabel('/hubs/terminal', {}, names)).toBe('/hubs/terminal');
  });

  it('puts unknown call and view names, and unmatched requests, under other', () => {
    expect(routeLabel('/api/rpc/:name', { name: 'NoSuchCall' }, names)).toBe(OTHER_ROUTE);
    expect(routeLabel('/api/*', { '*': 'MyVMs2/../../etc' }, names)).toBe(OTHER_ROUTE);
    expect(routeLabel('/api/*', { '*': 'vm-12345' }, names)).toBe(OTHER_ROUTE);
    expect(routeLabel(undefined, {}, names)).toBe(OTHER_ROUTE);
    expect(routeLabel('/api/rpc/:name', undefined, names)).toBe(OTHER_ROUTE);
  });
});
