/**
 * The Console tab of a server's page: what the console is, and the button that opens it in a new
 * tab (a one-time link, valid for a minute).
 */
import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { OpenConsoleButton } from './open-console-button';

export function ConsoleTab({ provisionedId, running }: { provisionedId: number; running: boolean }) {
  const { t } = useTranslation('console');
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" align="flex-start">
        <Text>{t('tab.body')}</Text>
        {!running && <Text c="dimmed">{t('tab.stopped')}</Text>}
        <OpenConsoleButton provisionedId={provisionedId} />
      </Stack>
    </Paper>
  );
}
