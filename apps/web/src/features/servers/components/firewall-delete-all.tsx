/**
 * 'Delete all rules': after a confirmation, every saved rule of the server is removed in one batch
 * (DeleteFirewallRule with all their ids and the current revision). A draft is dropped with them,
 * as the confirmation says.
 */
import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useDeleteFirewallRules } from '../api/delete-firewall-rules';

export interface FirewallDeleteAllProps {
  vm: VmRow;
  /** The saved rules' ids. */
  ids: readonly number[];
  /** Whether an unsaved draft would be dropped too. */
  hasDraft: boolean;
  blocked: boolean;
  onDeleted: () => void;
}

export function FirewallDeleteAll({ vm, ids, hasDraft, blocked, onDeleted }: FirewallDeleteAllProps) {
  const { t } = useTranslation(['firewall', 'common']);
  const [asking, setAsking] = useState(false);
  const remove = useDeleteFirewallRules();
  const close = () => {
    remove.reset();
    setAsking(false);
  };
  const confirm = () =>
    remove.mutate(
      { p_provisioned_id: vm.provisioned_id, p_ids: [...ids], p_revision: vm.firewall_revision },
      {
        onSuccess: () => {
          onDeleted();
          setAsking(false);
          notifySuccess(t('delete_all.sent', { name: vm.name }));
        },
      },
    );

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        leftSection={<Icon name="trash" size={16} />}
        onClick={() => setAsking(true)}
        disabled={blocked || ids.length === 0}
      >
        {t('delete_all.button')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('delete_all.title', { name: vm.name })}
        confirmLabel={t('delete_all.confirm', { count: ids.length })}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirm}
        onClose={close}
        loading={remove.isPending}
        error={<ErrorAlert error={remove.error} />}
      >
        <Stack gap="xs">
          <Text size="sm">{t('delete_all.body', { count: ids.length })}</Text>
          {vm.firewall_block_others && <Text size="sm">{t('delete_all.block_others')}</Text>}
          {hasDraft && <Text size="sm">{t('delete_all.draft')}</Text>}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
