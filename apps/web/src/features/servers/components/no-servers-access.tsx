/** Shown instead of a servers screen when the user lacks menu-see-cloud-servers. */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buildPath } from '@portside/contract/routes';

export function NoServersAccess() {
  const { t } = useTranslation('servers');
  return (
    <Stack gap="md" maw={700}>
      <Title order={1} fz="h2">
        {t('list.title')}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{t('no_access.title')}</Text>
          <Text c="dimmed">{t('no_access.body')}</Text>
          <Button component={Link} to={buildPath('dashboard')} variant="light">
            {t('no_access.back')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
