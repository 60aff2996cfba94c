/**
 * The mascot's info modal (spec 1 §2 'Sidebar'): support contact text and a 'Yes, Ma'am!' button.
 * Loaded with its first opening (mascot-help.tsx).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LAYOUT } from '@portside/contract/constants';
import { Mascot } from './mascot';
import { COMMUNITY_CHAT_URL } from '../../shared/config/support-links';

export function MascotHelpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('mascot.title')}
      size={LAYOUT.dialogWidthPx}
      centered
      closeButtonProps={{ 'aria-label': t('mascot.close') }}
    >
      <Stack align="center" ta="center" gap="md">
        <Mascot size={120} title={t('mascot.name')} />
        <Text>{t('mascot.greeting')}</Text>
        <Text c="dimmed" size="sm">
          {t('mascot.contact')}
        </Text>
        <Group justify="center" gap="xs">
          <Button component={Link} to="/tickets" variant="light" onClick={onClose}>
            {t('mascot.open_ticket')}
          </Button>
          <Button component="a" href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer" variant="light">
            {t('mascot.community')}
          </Button>
        </Group>
        <Button onClick={onClose} size="md">
          {t('mascot.ok')}
        </Button>
      </Stack>
    </Modal>
  );
}
