/** The loading, error and empty states a billing list shows instead of its table. */
import type { ReactNode } from 'react';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorHtml } from '../../../shared/api/client';
import { Icon } from '../../../shared/ui/icons';
import { SafeHtml } from '../../../shared/ui/safe-html';

export interface SectionStateProps {
  pending: boolean;
  error: unknown;
  empty: boolean;
  loadingLabel: string;
  emptyTitle: string;
  emptyHint: string;
  children: ReactNode;
}

export function SectionState({ pending, error, empty, loadingLabel, emptyTitle, emptyHint, children }: SectionStateProps) {
  const { t } = useTranslation('billing');
  if (pending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={loadingLabel} />
      </Group>
    );
  }
  if (error) {
    return (
      <Alert color="red" role="alert">
        <SafeHtml html={errorHtml(error, t)} />
      </Alert>
    );
  }
  if (empty) {
    return (
      <Stack align="center" py="lg" gap={4} ta="center" c="dimmed">
        <Icon name="billing" size={36} stroke={1.2} />
        <Text fw={600} c="var(--mantine-color-text)">
          {emptyTitle}
        </Text>
        <Text size="sm">{emptyHint}</Text>
      </Stack>
    );
  }
  return <>{children}</>;
}
