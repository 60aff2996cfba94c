/**
 * /addons-vm (role staff; issue 18): the add-ons every cloud server may have — extra disk,
 * snapshots, external IPv4 addresses and daily backups — with their price now and the next
 * change; 'Change price' sets a new one from a day on (the prices feature's dialog, passed in by app/).
 */
import { useState } from 'react';
import { Stack } from '@mantine/core';
import { vmAddonItem, type VmAddonRow } from '@portside/contract/schemas/cloud-prices';
import { queryKeys } from '../../../shared/api/query-keys';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useVmAddons } from '../api/get-vm-addons';
import { useUpdateVmAddon } from '../api/update-vm-addon';
import { AddonsTable } from '../components/addons-table';
import { addonKind } from '../lib/cloud-prices-queries';
import type { PriceSlots } from '../lib/price-slots';

export function VmAddonsPage({ slots }: { slots: PriceSlots }) {
  const { t } = useTranslation('cloudprices');
  const addons = useVmAddons();
  const update = useUpdateVmAddon();
  const [editing, setEditing] = useState<VmAddonRow | null>(null);
  const [open, setOpen] = useState(false);
  const rows = addons.data ?? [];

  return (
    <Stack gap="md" maw={900}>
      <PageHeader title={t('addons.title')} subtitle={t('addons.subtitle')} />
      <QueryState
        query={addons}
        loadingLabel={t('addons.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="settings" title={t('addons.empty')} body={t('addons.empty_body')} />}
      >
        <AddonsTable
          rows={rows}
          next={slots.next}
          onChangePrice={(row) => {
            update.reset();
            setEditing(row);
            setOpen(true);
          }}
        />
      </QueryState>
      {editing &&
        slots.dialog({
          opened: open,
          onClose: () => setOpen(false),
          title: t(`addon.${editing.code}`),
          item: vmAddonItem(editing.code),
          currentCents: editing.cents,
          kind: addonKind(editing.code),
          unit: t(`unit.${editing.unit}`),
          saving: update.isPending,
          error: update.error,
          refresh: queryKeys.cloudPrices.all,
          onSave: ({ cents, effectiveFrom }, done) =>
            update.mutate(
              { code: editing.code, cents, effectiveFrom },
              {
                onSuccess: () => {
                  done();
                  notifySuccess(t('addons.saved', { addon: t(`addon.${editing.code}`) }));
                },
              },
            ),
        })}
    </Stack>
  );
}
