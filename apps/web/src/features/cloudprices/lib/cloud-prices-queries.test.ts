import { describe, expect, it } from 'vitest';
import { addonKind, modelPages, modelsQuery, MODELS_PAGE_SIZE } from './cloud-prices-queries';

describe('the models list query', () => {
  it('asks for one page in the list order, searching the code without the filter’s own wildcards', () => {
    expect(modelsQuery('', 1)).toEqual({ order: 'core_type.asc,cores.asc,ram_gb.asc,id.asc', limit: '20', offset: '0' });
    expect(modelsQuery(' s4* ', 3)).toMatchObject({ code: 'ilike.*s4*', offset: String(2 * MODELS_PAGE_SIZE) });
    expect(modelsQuery('%,()', 0)).not.toHaveProperty('code');
  });

  it('counts at least one page', () => {
    expect([modelPages(null), modelPages(0), modelPages(20), modelPages(21)]).toEqual([1, 1, 1, 2]);
  });

  it('prices backups as a percent and the other add-ons in cents', () => {
    expect([addonKind('backups'), addonKind('storage'), addonKind('ipv4')]).toEqual(['percent', 'whole', 'whole']);
  });
});
