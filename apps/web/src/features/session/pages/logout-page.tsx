/** /logout: ends the session and says so, with a link back to the login page. */
import { useEffect } from 'react';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { logout } from '../../../shared/session/auth';

export default function LogoutPage() {
  const { t } = useTranslation('pages');
  useEffect(() => {
    void logout();
  }, []);
  return (
    <Center component="main" mih="100dvh" p="md" bg="var(--portside-surface-muted)">
      <Paper withBorder shadow="sm" radius="md" p="xl" maw={440} w="100%">
        <Stack align="center" ta="center" gap="md">
          <Title order={1} fz="h2">
            {t('logout.title')}
          </Title>
          <Text c="dimmed">{t('logout.body')}</Text>
          <Button component={Link} to="/login" fullWidth>
            {t('logout.login_again')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
