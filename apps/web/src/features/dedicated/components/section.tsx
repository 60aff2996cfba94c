/** A titled section of the details page (an h2 naming a region), with an optional line under the title. */
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';

export interface SectionProps {
  id: string;
  title: string;
  subtitle?: ReactNode;
  /** Controls on the title's line (e.g. 'Order an IP address'). */
  actions?: ReactNode;
  children: ReactNode;
}

export function Section({ id, title, subtitle, actions, children }: SectionProps) {
  const headingId = `dedicated-${id}-heading`;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={headingId} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <div>
            <Title order={2} fz="h4" id={headingId}>
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed" maw={720}>
                {subtitle}
              </Text>
            )}
          </div>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
