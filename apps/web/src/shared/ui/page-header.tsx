/**
 * The header of a page: its one h1 (shown at h2 size, as every page does), an optional line
 * saying what the page is for, and the page's own actions on the right (wrapping under it on a
 * narrow screen).
 */
import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

export interface PageHeaderProps {
  title: ReactNode;
  /** A short description under the title. */
  subtitle?: ReactNode;
  /** Buttons or links for the whole page (e.g. 'Add user'). */
  actions?: ReactNode;
  /** The heading level: 1 on a page; 2 where the header names a part of a page that has its h1. */
  order?: 1 | 2;
}

export function PageHeader({ title, subtitle, actions, order = 1 }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <div>
        <Title order={order} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" maw={640}>
            {subtitle}
          </Text>
        )}
      </div>
      {actions}
    </Group>
  );
}
