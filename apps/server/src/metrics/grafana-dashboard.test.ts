import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portsideMetricNames } from './metrics.js';

/** docs/grafana/portside-dashboard.json uses only metrics the server registers (issue 19). */
const file = path.resolve(import.meta.dirname, '../../../../docs/grafana/portside-dashboard.json');

interface Panel {
  title: string;
  targets?: Array<{ expr: string }>;
}

/** A histogram's or counter's series names as they appear in PromQL, back to the registered name. */
function registeredName(series: string, names: ReadonlySet<string>): string | null {
  for (const candidate of [series, series.replace(/_(bucket|sum|count)$/, '')]) if (names.has(candidate)) return candidate;
  return null;
}

describe('the Grafana dashboard', () => {
  const dash = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    schemaVersion: number;
    panels: Panel[];
    templating: { list: Array<{ type: string; query: unknown }> };
  };
  const names = new Set(portsideMetricNames());

  it('is a dashboard of schema 39 or later with a Prometheus datasource variable', () => {
    expect(dash.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dash.templating.list).toContainEqual(expect.objectContaining({ type: 'datasource', query: 'prometheus' }));
  });

  it('queries only portside_* metrics the server registers, and every one of them', () => {
    const used = new Set<string>();
    for (const panel of dash.panels) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const t of panel.targets ?? [])
        for (const series of t.expr.match(/\bportside_[a-z_]+/g) ?? []) {
          const name = registeredName(series, names);
          expect(name, `${panel.title}: ${series}`).not.toBeNull();
          used.add(name!);
        }
    }
    expect([...names].filter((n) => !used.has(n))).toEqual([]);
  });
});
