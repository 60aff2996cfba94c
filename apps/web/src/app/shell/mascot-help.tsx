/**
 * The mascot's button in the sidebar (spec 1 §2 'Sidebar'); it opens the mascot's info modal
 * (mascot-help-dialog.tsx), whose code loads with its first opening.
 */
import { lazy } from 'react';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LazyDialog } from '../../shared/ui/lazy-dialog';
import { Mascot } from './mascot';

const MascotHelpDialog = lazy(() => import('./mascot-help-dialog').then((m) => ({ default: m.MascotHelpDialog })));

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
      <LazyDialog opened={opened}>
        <MascotHelpDialog opened={opened} onClose={close} />
      </LazyDialog>
    </>
  );
}
