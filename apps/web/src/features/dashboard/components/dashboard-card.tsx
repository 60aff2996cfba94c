/**
 * One section of the dashboard: a titled card with header actions and an empty state until the
 * section's data is wired in.
 */
import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Icon, type IconName } from '../../../shared/ui/icons';

export interface DashboardCardProps {
  /** Heading of the section (an h2, so the page reads as a document outline). */
  title: string;
  icon: IconName;
  /** Buttons or links in the header (e.g. 'Show all'). */
  actions?: ReactNode;
  /** The section content; without it the empty state shows. */
  children?: ReactNode;
  emptyTitle: string;
  emptyBody: string;
  /** Call to action under the empty state (e.g. 'Order VM'). */
  emptyAction?: ReactNode;
}

export function DashboardCard({ title, icon, actions, children, emptyTitle, emptyBody, emptyAction }: DashboardCardProps) {
  const headingId = `dashboard-${icon}-heading`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId} h="100%">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
            <Icon name={icon} />
          </ThemeIcon>
          <Title order={2} fz="h4" id={headingId}>
            {title}
          </Title>
        </Group>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children ?? (
        <Stack align="center" ta="center" gap={6} py="lg" c="dimmed">
          <Icon name={icon} size={40} stroke={1.2} />
          <Text fw={600} c="var(--mantine-color-text)">
            {emptyTitle}
          </Text>
          <Text size="sm" maw={360}>
            {emptyBody}
          </Text>
          {emptyAction && <Group mt="xs">{emptyAction}</Group>}
        </Stack>
      )}
    </Card>
  );
}
