/**
 * The revenue of the last twelve months as bars (SVG, no chart library): each month's net billed
 * with VAT, under reverse charge and outside the EU, stacked, with the VAT as a thin bar beside.
 * The chart is a picture of the table that follows it (aria-hidden); the table is what is read.
 */
import { useMantineTheme } from '@mantine/core';
import type { RevenueMonth } from '@portside/contract/rules/revenue';
import { barHeight } from '../lib/finance-query';

const HEIGHT = 160;
const BAR = 22;
const GAP = 14;

export function RevenueChart({ months, label }: { months: readonly RevenueMonth[]; label: (m: string) => string }) {
  const theme = useMantineTheme();
  const max = Math.max(0, ...months.map((m) => Math.max(m.net_cents, m.vat_cents)));
  const h = (v: number) => barHeight(v, max, HEIGHT);
  const width = months.length * (BAR + 6 + GAP) + GAP;
  return (
    <svg
      viewBox={`0 0 ${width} ${HEIGHT + 24}`}
      width="100%"
      height={HEIGHT + 24}
      aria-hidden="true"
      style={{ maxWidth: width * 2 }}
    >
      {months.map((m, i) => {
        const x = GAP + i * (BAR + 6 + GAP);
        const vatCharged = m.net_cents - m.reverse_charge_cents - m.outside_eu_cents;
        const parts = [
          { v: vatCharged, c: theme.colors.blue[6] },
          { v: m.reverse_charge_cents, c: theme.colors.teal[6] },
          { v: m.outside_eu_cents, c: theme.colors.grape[5] },
        ];
        let y = HEIGHT;
        return (
          <g key={m.month}>
            {parts.map((p, k) => {
              const ph = h(p.v);
              y -= ph;
              return ph > 0 ? <rect key={k} x={x} y={y} width={BAR} height={ph} fill={p.c} rx={2} /> : null;
            })}
            {h(m.vat_cents) > 0 && (
              <rect x={x + BAR + 2} y={HEIGHT - h(m.vat_cents)} width={4} height={h(m.vat_cents)} fill={theme.colors.orange[6]} />
            )}
            <text x={x + BAR / 2} y={HEIGHT + 16} textAnchor="middle" fontSize={10} fill="currentColor">
              {label(m.month)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
