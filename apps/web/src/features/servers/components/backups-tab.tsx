/**
 * The Backups tab (spec 1 §3 Backup, spec 2 §9 'Backups'): daily backups on or off (+20 % of the
 * server's price; turning them off deletes every backup), a backup now, and the list with
 * protection, restore, restore to a new server and delete. Without vm-settings-backup the tab says
 * so and asks nothing (the API's 403 would end the session).
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PRICES } from '@portside/contract/constants';
import type { VmBackupFileRow } from '@portside/contract/schemas/vm-data';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useMoney } from '../../../shared/format/use-money';
import { useClaim } from '../../../shared/session/use-claim';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { notifySuccess } from '../../../shared/ui/notify';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { useBackupNow } from '../api/backup-now';
import { useDisableBackups } from '../api/disable-backups';
import { useEnableBackups } from '../api/enable-backups';
import { useVmBackups } from '../api/get-vm-backups';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { BACKUP_KINDS, dataActionBlock, isStateOn } from '../lib/vm-data';
import { BackupDialogs, type BackupDialog } from './backup-dialogs';
import { BackupsTable } from './backups-table';
import { TabProgress } from './live-progress';
import { TabNoAccess } from './tab-no-access';
import { Icon } from '../../../shared/ui/icons';

export default function BackupsTab({ vm }: { vm: VmRow }) {
  const allowed = useClaim('vm-settings-backup');
  if (!allowed) return <TabNoAccess claim="vm-settings-backup" />;
  return <Backups vm={vm} />;
}

function Backups({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'common']);
  const money = useMoney();
  const notice = useApiErrorNotice();
  const backups = useVmBackups(vm.provisioned_id, vm.operation !== null);
  const [progress, clearProgress] = useTabProgress(vm, BACKUP_KINDS);
  const [dialog, setDialog] = useState<BackupDialog | null>(null);
  const [switchOpen, setSwitchOpen] = useState(false);
  const enable = useEnableBackups();
  const disable = useDisableBackups();
  const now = useBackupNow();
  const body = { p_provisioned_id: vm.provisioned_id };

  const enabled = vm.backups_enabled;
  const switchBlock = dataActionBlock(vm, enabled ? 'backup-disable' : 'backup-enable');
  const nowBlock = enabled ? dataActionBlock(vm, 'backup-now') : 'disabled';
  const c = vm.cost_breakdown;
  const price = c
    ? enabled && c.backup_cost > 0
      ? c.backup_cost
      : Math.round((c.list_price * PRICES.backupSurchargePercent) / 100)
    : null;
  const toggling = enabled ? disable : enable;

  const confirmSwitch = () =>
    toggling.mutate(body, {
      onSuccess: () => {
        setSwitchOpen(false);
        notifySuccess(t(enabled ? 'backups.switch.disabling' : 'backups.switch.enabling', { name: vm.name }));
      },
    });
  const runNow = () =>
    now.mutate(body, { onSuccess: () => notifySuccess(t('backups.now.sent', { name: vm.name })), onError: notice });

  // The protect message's state says whether the backup is protected now (spec 1 §4).
  const doneText =
    progress?.kind === 'backup-protect' && progress.phase === 'ok'
      ? t(isStateOn(progress.state) ? 'backups.live.protected' : 'backups.live.unprotected')
      : undefined;

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Switch
              label={t('backups.switch.label')}
              description={
                price !== null ? t('backups.switch.price', { price: money(price) }) : t('backups.switch.price_unknown')
              }
              checked={enabled}
              disabled={switchBlock !== null}
              onChange={() => setSwitchOpen(true)}
            />
            <Button
              leftSection={<Icon name="disc" size={16} />}
              onClick={runNow}
              loading={now.isPending}
              disabled={nowBlock !== null}
              variant="light"
            >
              {t('backups.now.button')}
            </Button>
          </Group>
          {switchBlock && (
            <Text size="sm" c="dimmed">
              {t(`blocked.${switchBlock}`)}
            </Text>
          )}
          {!enabled && (
            <Text size="sm" c="dimmed">
              {t('backups.now.needs_enabled')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('backups.rules')}
          </Text>
        </Stack>
      </Paper>
      <TabProgress vm={vm} progress={progress} doneText={doneText} onClose={clearProgress} />
      <QueryState
        query={backups}
        loadingLabel={t('backups.loading')}
        isEmpty={() => (backups.data ?? []).length === 0}
        empty={
          <EmptyState
            icon="disc"
            title={enabled ? t('backups.empty.enabled_title') : t('backups.empty.disabled_title')}
            body={enabled ? t('backups.empty.enabled_body') : t('backups.empty.disabled_body')}
          />
        }
      >
        <BackupsTable
          vm={vm}
          rows={backups.data ?? []}
          onAction={(kind, backup: VmBackupFileRow) => setDialog({ kind, backup })}
        />
      </QueryState>
      <BackupDialogs vm={vm} dialog={dialog} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={switchOpen}
        title={t(enabled ? 'backups.switch.disable_title' : 'backups.switch.enable_title')}
        confirmLabel={t(enabled ? 'backups.switch.disable_confirm' : 'backups.switch.enable_confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        danger={enabled}
        loading={toggling.isPending}
        onConfirm={confirmSwitch}
        onClose={() => {
          toggling.reset();
          setSwitchOpen(false);
        }}
        error={<ErrorAlert error={toggling.error} />}
      >
        {enabled ? (
          <Alert color="red" variant="light">
            {t('backups.switch.disable_body', { name: vm.name, count: backups.data?.length ?? 0 })}
          </Alert>
        ) : (
          <Text size="sm">
            {price !== null ? t('backups.switch.enable_body', { price: money(price) }) : t('backups.switch.price_unknown')}
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
