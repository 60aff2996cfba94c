/**
 * /synology: the provider's offer of a backup target for Synology NAS devices (a help text, or the
 * built-in one) and a 'Contact us' that opens the contact form with the subject filled in.
 */
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { ContentPage } from '../components/content-page';

export default function SynologyPage() {
  const { t } = useTranslation('support');
  return (
    <ContentPage label="synology">
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>{t('synology.cta_title')}</Text>
            <Text size="sm" c="dimmed">
              {t('synology.cta_body')}
            </Text>
          </Stack>
          <Button
            component={Link}
            to={buildPath('contact', {}, { subject: t('synology.subject') })}
            leftSection={<Icon name="mail" />}
          >
            {t('synology.contact')}
          </Button>
        </Group>
      </Paper>
    </ContentPage>
  );
}
