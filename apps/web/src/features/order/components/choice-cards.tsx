/**
 * A group of choice cards (one radio each, arrow keys move between them): the builder's location,
 * core type, model and image steps.
 */
import type { ReactNode } from 'react';
import { Group, Radio, SimpleGrid, Skeleton, Stack, Text, type SimpleGridProps } from '@mantine/core';

export interface ChoiceOption {
  value: string;
  content: ReactNode;
  disabled?: boolean;
}

export interface ChoiceCardsProps {
  label: string;
  description?: ReactNode;
  value: string | null;
  onChange: (value: string) => void;
  options: ChoiceOption[];
  cols?: SimpleGridProps['cols'];
  error?: ReactNode;
}

export function ChoiceCards({
  label,
  description,
  value,
  onChange,
  options,
  cols = { base: 1, sm: 2 },
  error,
}: ChoiceCardsProps) {
  return (
    <Radio.Group value={value} onChange={onChange} label={label} description={description} error={error}>
      <SimpleGrid cols={cols} spacing="sm" mt="xs">
        {options.map((o) => (
          <Radio.Card
            key={o.value}
            value={o.value}
            disabled={o.disabled}
            radius="md"
            p="sm"
            style={o.disabled ? { opacity: 0.55, cursor: 'not-allowed' } : undefined}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator disabled={o.disabled} mt={2} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                {typeof o.content === 'string' ? <Text fw={500}>{o.content}</Text> : o.content}
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** The shape of a group of choice cards while its options load (QueryState's skeleton). */
export function ChoiceCardsSkeleton({
  count,
  cols = { base: 1, sm: 2 },
  h = 72,
}: {
  count: number;
  cols?: SimpleGridProps['cols'];
  h?: number;
}) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={h} radius="md" />
      ))}
    </SimpleGrid>
  );
}
