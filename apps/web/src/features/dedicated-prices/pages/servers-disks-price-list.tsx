/**
 * /servers-disks-price-list (role staff; issue 18): what RAM (per GB) and each disk type (per TB)
 * add to a dedicated server's monthly price, changed from a chosen day through the shared price
 * dialog. A part is priced when a server's inventory first shows it, so a new price applies to
 * parts first seen from its day; installed parts keep theirs (the help line says so).
 */
import { useState } from 'react';
import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { partItem, type ServersDisksPricelistRow } from '@portside/contract/schemas/dedicated-prices';
import { queryKeys } from '../../../shared/api/query-keys';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useServersDisksPricelist } from '../api/get-servers-disks-pricelist';
import { useUpdateServersDisksPricelist } from '../api/update-servers-disks-pricelist';
import { nextOf, type PriceParts } from '../components/price-parts';

/** Cents per unit with up to two decimals: euros with up to four. */
const UNIT_DECIMALS = 4;

export function ServersDisksPriceList({ parts }: { parts: PriceParts }) {
  const { t } = useTranslation('dedprices');
  const money = useMoney();
  const list = useServersDisksPricelist();
  const rows = list.data ?? [];
  const save = useUpdateServersDisksPricelist();
  const [editing, setEditing] = useState<ServersDisksPricelistRow | null>(null);
  const [open, setOpen] = useState(false);
  const label = (r: ServersDisksPricelistRow) => (r.kind === 'ram' ? t('parts.ram') : t('parts.disk', { kind: r.kind }));
  const unit = (r: ServersDisksPricelistRow) => t(r.unit === 'gb' ? 'parts.per_gb' : 'parts.per_tb');

  return (
    <Stack gap="md" maw={900}>
      <PageHeader title={t('parts.title')} subtitle={t('parts.subtitle')} />
      <QueryState
        query={list}
        loadingLabel={t('parts.loading')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState icon="disc" title={t('parts.empty')} />}
      >
        <Table.ScrollContainer minWidth={340}>
          <Table striped verticalSpacing="xs" fz="sm" aria-label={t('parts.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('parts.part')}</Table.Th>
                <Table.Th>{t('parts.price')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('parts.installed')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.kind}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {label(r)}
                    </Text>
                    {r.interface && (
                      <Text size="xs" c="dimmed">
                        {t('parts.interface', { interface: r.interface })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {`${money(Number(r.cents), UNIT_DECIMALS)} ${unit(r)}`}
                    </Text>
                    <parts.Next next={nextOf(r)} kind="unit" />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{r.parts}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => {
                        save.reset();
                        setEditing(r);
                        setOpen(true);
                      }}
                      aria-label={t('parts.change_label', { part: label(r) })}
                    >
                      {t('parts.change')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </QueryState>
      <parts.Dialog
        opened={open}
        onClose={() => setOpen(false)}
        title={editing ? label(editing) : ''}
        item={editing ? partItem(editing.kind) : 'ram:gb'}
        currentCents={editing?.cents ?? 0}
        kind="unit"
        unit={editing ? unit(editing) : ''}
        saving={save.isPending}
        error={save.error}
        refresh={queryKeys.dedicatedPrices.all}
        onSave={({ cents, effectiveFrom }, done) =>
          editing &&
          save.mutate(
            { kind: editing.kind, cents, effectiveFrom },
            {
              onSuccess: () => {
                done();
                notifySuccess(t('parts.saved', { part: label(editing) }));
              },
            },
          )
        }
      />
    </Stack>
  );
}
