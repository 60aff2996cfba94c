/**
 * One section of the dashboard: a titled card with header actions, its content, and an empty
 * state. A section that reads data passes its query: until it answers the card shows a skeleton,
 * on failure the error with Retry, and the empty state only for a real answer with nothing in it.
 */
import type { ReactNode } from 'react';
import { Card, Group, ThemeIcon, Title } from '@mantine/core';
import { Icon, type IconName } from '../../../shared/ui/icons';
import { EmptyState, QueryState, type QueryStateProps } from '../../../shared/ui/query-state';

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
  /** The read the content comes from, and the name of its skeleton. */
  query?: { result: QueryStateProps['query']; loadingLabel: string };
}

export function DashboardCard({ title, icon, actions, children, emptyTitle, emptyBody, emptyAction, query }: DashboardCardProps) {
  const headingId = `dashboard-${icon}-heading`;
  const empty = <EmptyState icon={icon} title={emptyTitle} body={emptyBody} action={emptyAction} />;
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
      {query ? (
        <QueryState query={query.result} loadingLabel={query.loadingLabel} isEmpty={() => children == null} empty={empty}>
          {children}
        </QueryState>
      ) : (
        (children ?? empty)
      )}
    </Card>
  );
}
