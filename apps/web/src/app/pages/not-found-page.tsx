/** The page of any address outside the route table. */
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';

export default function NotFoundPage() {
  const { t } = useTranslation('pages');
  const { pathname } = useLocation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" ta="center" maw={520} gap="sm">
        <Text fz={64} fw={800} c="blue" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          {t('not_found.title')}
        </Title>
        <Text c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t('not_found.body', { path: pathname })}
        </Text>
        <Group justify="center">
          <Button component={Link} to="/dashboard">
            {t('not_found.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
