/**
 * A wide table's horizontal scroll area on a small screen: a named region that takes the keyboard
 * focus, so it can be scrolled without a mouse (WCAG 2.1.1; axe scrollable-region-focusable).
 */
import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
