/**
 * Shown instead of a users screen when the user lacks menu-see-users: asking the API would be
 * answered with 403, which ends the session (spec 2 §8).
 */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NoAccess() {
  const { t } = useTranslation('users');
  return (
    <Stack gap="md" maw={700}>
      <Title order={1} fz="h2">
        {t('title')}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm" align="flex-start">
          <Text fw={600}>{t('no_access.title')}</Text>
          <Text c="dimmed">{t('no_access.body')}</Text>
          <Button component={Link} to="/dashboard" variant="light">
            {t('no_access.back')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
