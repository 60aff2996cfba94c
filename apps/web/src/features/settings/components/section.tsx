/** A card of the settings page: a heading, a short explanation and the section's content. */
import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

interface SectionProps {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  danger?: boolean;
}

export function Section({ id, title, intro, children, danger = false }: SectionProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={`${id}-title`}
      style={danger ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id={`${id}-title`} c={danger ? 'red' : undefined}>
            {title}
          </Title>
          {intro ? (
            <Text size="sm" c="dimmed" mt={4}>
              {intro}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
