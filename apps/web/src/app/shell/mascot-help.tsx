/**
 * The mascot's info modal (spec 1 §2 'Sidebar'): support contact text and a 'Yes, Ma'am!' button.
 */
import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '@portside/contract/constants';
import { Mascot } from './mascot';
import { COMMUNITY_CHAT_URL } from './sidebar-entries';

export function MascotHelp() {
  const { t } = useTranslation('shell');
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <UnstyledButton onClick={open} w="100%" p={6} style={{ borderRadius: 8 }} aria-haspopup="dialog">
        <Group gap="sm" wrap="nowrap">
          <Mascot size={40} />
          <div>
            <Text size="sm" fw={600}>
              {t('mascot.button')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('mascot.button_hint')}
            </Text>
          </div>
        </Group>
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={close}
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
            <Button component={Link} to="/tickets" variant="light" onClick={close}>
              {t('mascot.open_ticket')}
            </Button>
            <Button component="a" href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer" variant="light">
              {t('mascot.community')}
            </Button>
          </Group>
          <Button onClick={close} size="md">
            {t('mascot.ok')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
