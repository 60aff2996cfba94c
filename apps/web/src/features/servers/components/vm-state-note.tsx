/** The line under a server's name in the lists while it is being created or deleted. */
import { Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { VmRow } from '@portside/contract/schemas/vms';

export function VmStateNote({ vm }: { vm: Pick<VmRow, 'state'> }) {
  const { t } = useTranslation('servers');
  if (vm.state === 'pending-delete') {
    return (
      <Text size="xs" c="red">
        {t('pending_delete.short')}
      </Text>
    );
  }
  if (vm.state === 'creating') {
    return (
      <Text size="xs" c="blue">
        {t('creating.short')}
      </Text>
    );
  }
  return null;
}
