/**
 * The Upgrade tab (spec 1 §4 'A model upgrade goes only to a higher model', spec 2 §8 'Downgrade is
 * not possible'): the server's model and the models above it (VmUpgradeGetModels) with the new
 * monthly price and the prorated difference from today to the month's end, shown before the
 * confirmation; the difference is invoiced by day (a 'Server change' invoice in Billing). The
 * server reboots to apply the new model; it needs to be unlocked.
 * A change that costs money: only for users who may order and pay (billing-manage).
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UpgradeModelRow } from '@portside/contract/schemas/vm-lifecycle';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useUpgradeModels } from '../api/get-upgrade-models';
import { useUpgradeVm } from '../api/upgrade-vm';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { dataActionBlock } from '../lib/vm-data';
import { UPGRADE_KINDS } from '../lib/vm-lifecycle';
import { TabProgress } from './live-progress';
import { TabNoAccess } from './tab-no-access';
import { ProratedCharge } from './prorated-charge';

export default function UpgradeTab({ vm }: { vm: VmRow }) {
  const allowed = useClaim('billing-manage');
  if (!allowed) return <TabNoAccess claim="billing-manage" />;
  return <Upgrade vm={vm} />;
}

function Upgrade({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'common']);
  const money = useMoney();
  const models = useUpgradeModels(vm.provisioned_id);
  const upgrade = useUpgradeVm();
  const [progress, clearProgress] = useTabProgress(vm, UPGRADE_KINDS);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rows = models.data ?? [];
  const chosen = rows.find((r) => String(r.model_id) === chosenId) ?? null;
  const block = dataActionBlock(vm, 'upgrade');
  const size = (m: Pick<UpgradeModelRow, 'cores' | 'ram_gb' | 'disk_gb'>) =>
    t('facts.size_value', { cores: m.cores, ram: m.ram_gb, disk: m.disk_gb });

  const close = () => {
    upgrade.reset();
    setConfirming(false);
  };
  const confirm = () =>
    chosen &&
    upgrade.mutate(
      { p_provisioned_id: vm.provisioned_id, p_model_id: chosen.model_id },
      {
        onSuccess: () => {
          notifySuccess(t('upgrade.sent', { name: vm.name, model: chosen.code }));
          setChosenId(null);
          close();
        },
      },
    );

  return (
    <Stack gap="md" maw={880}>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upgrade-current-title">
        <Stack gap={4}>
          <Title order={2} fz="h4" id="upgrade-current-title">
            {t('upgrade.current_title')}
          </Title>
          <Text size="sm">{t('upgrade.current', { model: vm.model_name, size: size(vm) })}</Text>
          {vm.cost_breakdown && (
            <Text size="sm" c="dimmed">
              {t('upgrade.current_price', { price: money(vm.cost_breakdown.total_cost) })}
            </Text>
          )}
        </Stack>
      </Paper>
      <TabProgress vm={vm} progress={progress} onClose={clearProgress} />
      <QueryState
        query={models}
        loadingLabel={t('upgrade.loading')}
        skeleton={<Skeleton h={120} radius="md" />}
        isEmpty={() => rows.length === 0}
        empty={
          <Paper withBorder radius="md">
            <EmptyState icon="server" title={t('upgrade.empty_title')} body={t('upgrade.empty_body', { model: vm.model_name })} />
          </Paper>
        }
      >
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upgrade-choose-title">
          <Stack gap="sm">
            <Title order={2} fz="h4" id="upgrade-choose-title">
              {t('upgrade.choose_title')}
            </Title>
            <Radio.Group value={chosenId} onChange={setChosenId} aria-labelledby="upgrade-choose-title">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {rows.map((m) => (
                  <Radio.Card key={m.model_id} value={String(m.model_id)} radius="md" p="sm" disabled={block !== null}>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator mt={2} />
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text fw={700}>{m.code}</Text>
                        <Text size="sm">{size(m)}</Text>
                        <Text size="sm">
                          {t('upgrade.new_price', {
                            price: money(m.new_monthly_cents),
                            difference: money(m.new_monthly_cents - m.current_monthly_cents),
                          })}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('upgrade.prorated_short', { amount: money(m.prorated_cents), count: m.charge_days })}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
            {chosen && (
              <Alert color="blue" variant="light" title={t('upgrade.summary_title', { model: chosen.code })}>
                <UpgradeSummary vm={vm} model={chosen} />
              </Alert>
            )}
            {block && (
              <Text size="sm" c="dimmed">
                {t(`blocked.${block}`)}
              </Text>
            )}
            <Group>
              <Button onClick={() => setConfirming(true)} disabled={!chosen || block !== null}>
                {chosen ? t('upgrade.submit_to', { model: chosen.code }) : t('upgrade.submit')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </QueryState>
      <ConfirmDialog
        opened={confirming && chosen !== null}
        title={t('upgrade.confirm_title', { name: vm.name, model: chosen?.code ?? '' })}
        confirmLabel={t('upgrade.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirm}
        onClose={close}
        loading={upgrade.isPending}
        error={<ErrorAlert error={upgrade.error} />}
      >
        {chosen && (
          <Stack gap="xs">
            <UpgradeSummary vm={vm} model={chosen} />
            <Alert color="yellow" variant="light">
              {t('upgrade.confirm_body', { name: vm.name })}
            </Alert>
          </Stack>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

/** The change in words: the model, the monthly price before and after, and the charge now. */
function UpgradeSummary({ vm, model }: { vm: VmRow; model: UpgradeModelRow }) {
  const { t } = useTranslation('servers');
  const money = useMoney();
  return (
    <Stack gap={4}>
      <Text size="sm">{t('upgrade.summary_model', { from: vm.model_name, to: model.code })}</Text>
      <Text size="sm">
        {t('upgrade.summary_price', { from: money(model.current_monthly_cents), to: money(model.new_monthly_cents) })}
      </Text>
      <ProratedCharge cents={model.prorated_cents} days={model.charge_days} from={model.charge_from} to={model.charge_to} />
    </Stack>
  );
}
