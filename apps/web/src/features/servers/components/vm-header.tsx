/**
 * The head of a server's page: its name (renamed inline), state badges, key facts, the warnings,
 * the power buttons, the lock switch and delete.
 */
import { useState } from 'react';
import { Button, Divider, Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { useCanDeleteServers } from '../lib/use-servers-access';
import type { VmRow } from '@portside/contract/schemas/vms';
import { DeleteVmDialog } from './delete-vm-dialog';
import { LockToggle } from './lock-toggle';
import { PowerActions } from './power-actions';
import { VmBadges } from './vm-badges';
import { VmFacts } from './vm-facts';
import { VmNameEditor } from './vm-name-editor';
import { VmNotices } from './vm-notices';

export function VmHeader({ vm }: { vm: VmRow }) {
  const { t } = useTranslation('servers');
  const canDelete = useCanDeleteServers();
  const [deleting, setDeleting] = useState(false);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <Stack gap={6}>
          <VmNameEditor vm={vm} />
          <VmBadges vm={vm} />
        </Stack>
        <VmFacts vm={vm} />
        <VmNotices vm={vm} />
        <Divider />
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <PowerActions vm={vm} />
          <Group gap="lg" align="center" wrap="wrap">
            <LockToggle vm={vm} />
            <Button
              size="xs"
              color="red"
              variant="outline"
              leftSection={<Icon name="trash" size={14} />}
              onClick={() => setDeleting(true)}
              disabled={vm.state === 'pending-delete'}
            >
              {t('delete.button')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <DeleteVmDialog vm={vm} opened={deleting} onClose={() => setDeleting(false)} permitted={canDelete} />
    </Paper>
  );
}
