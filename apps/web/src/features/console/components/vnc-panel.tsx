/** A graphical (VNC) console: this build has no VNC viewer yet, so the page says so plainly. */
import { Alert, Center, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function VncPanel() {
  const { t } = useTranslation('console');
  return (
    <Center h="100%" p="md">
      <Alert color="gray" variant="light" title={t('vnc.title')} maw={560} w="100%">
        <Stack gap="xs">
          <Text size="sm">{t('vnc.body')}</Text>
          <List size="sm">
            <List.Item>{t('vnc.use_ssh')}</List.Item>
            <List.Item>{t('vnc.close_tab')}</List.Item>
          </List>
        </Stack>
      </Alert>
    </Center>
  );
}
