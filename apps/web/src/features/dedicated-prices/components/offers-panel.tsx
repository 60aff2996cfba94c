/**
 * The offers of the price list: a search (product, name, processor, chassis, disks), a location
 * filter, one page at a time; a price changed from a day on through the shared dialog; an offer
 * retired (confirmed: customers can no longer order it) or restored.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@portside/contract/constants';
import { serverOfferItem, type ServersPricelistRow } from '@portside/contract/schemas/dedicated-prices';
import { queryKeys } from '../../../shared/api/query-keys';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useLocations } from '../api/get-locations';
import { useServersPricelist } from '../api/get-servers-pricelist';
import { useUpdateServersPricelist } from '../api/update-servers-pricelist';
import { pageCount, searchFilter } from '../lib/pricelist-query';
import { NewOfferDialog } from './new-offer-dialog';
import { OffersTable } from './offers-table';
import type { PriceParts } from './price-parts';

export function OffersPanel({ parts }: { parts: PriceParts }) {
  const { t } = useTranslation(['dedprices', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TIMING.searchDebounceMs);
  const [location, setLocation] = useState('');
  const [page, setPage] = useState(1);
  const offers = useServersPricelist(debounced, location, page);
  const locations = useLocations();
  const rows = offers.data?.rows ?? [];
  const pages = pageCount(offers.data?.total ?? rows.length);
  const price = useUpdateServersPricelist();
  const status = useUpdateServersPricelist();
  // The row of a dialog stays set while it closes, so its title does not change mid-fade.
  const [pricing, setPricing] = useState<ServersPricelistRow | null>(null);
  const [pricingOpen, setPricingOpen] = useState(false);
  const [retiring, setRetiring] = useState<ServersPricelistRow | null>(null);
  const [retireOpen, setRetireOpen] = useState(false);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (page > pages && offers.data) setPage(pages);
  }, [page, pages, offers.data]);

  const where = (r: ServersPricelistRow) => ({ name: r.name, location: r.location_name });
  const restore = (r: ServersPricelistRow) =>
    status.mutate({ id: r.id, p_active: true }, { onSuccess: () => notifySuccess(t('offers.restored', where(r))) });
  const retire = () => {
    if (!retiring) return;
    status.mutate(
      { id: retiring.id, p_active: false },
      {
        onSuccess: () => {
          setRetireOpen(false);
          notifySuccess(t('offers.retired_done', where(retiring)));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput
            label={t('offers.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={280}
            maw="100%"
            leftSection={<Icon name="search" size={16} />}
          />
          <Select
            label={t('offers.location')}
            data={[
              { value: '', label: t('offers.all_locations') },
              ...(locations.data ?? []).map((l) => ({ value: l.id, label: l.name })),
            ]}
            value={location}
            onChange={(v) => {
              setLocation(v ?? '');
              setPage(1);
            }}
            allowDeselect={false}
            w={200}
            maw="100%"
          />
        </Group>
        <Group gap="sm" align="center">
          {offers.data && (
            <Text size="sm" role="status">
              {t('offers.count', { count: offers.data.total ?? rows.length })}
            </Text>
          )}
          <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setCreating(true)}>
            {t('new.open')}
          </Button>
        </Group>
      </Group>
      <ErrorAlert error={status.isPending ? null : status.error} />
      <QueryState
        query={offers}
        loadingLabel={t('offers.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon="server"
            title={searchFilter(debounced) || location ? t('offers.empty_search') : t('offers.empty')}
            body={t('offers.empty_body')}
          />
        }
      >
        <OffersTable
          rows={rows}
          Next={parts.Next}
          restoring={status.isPending && status.variables.p_active ? status.variables.id : null}
          onPrice={(r) => {
            price.reset();
            setPricing(r);
            setPricingOpen(true);
          }}
          onRetire={(r) => {
            status.reset();
            setRetiring(r);
            setRetireOpen(true);
          }}
          onRestore={restore}
        />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('offers.pages')} />
        </Group>
      </QueryState>
      <parts.Dialog
        opened={pricingOpen}
        onClose={() => setPricingOpen(false)}
        title={pricing ? t('offers.dialog_title', where(pricing)) : ''}
        item={pricing ? serverOfferItem(pricing.id) : 'server_offer:0'}
        currentCents={pricing?.cents ?? 0}
        kind="whole"
        unit={t('offers.unit')}
        saving={price.isPending}
        error={price.error}
        refresh={queryKeys.dedicatedPrices.all}
        onSave={({ cents, effectiveFrom }, done) =>
          pricing &&
          price.mutate(
            { id: pricing.id, p_cents: cents, p_effective_from: effectiveFrom },
            {
              onSuccess: () => {
                done();
                notifySuccess(t('offers.price_saved', where(pricing)));
              },
            },
          )
        }
      />
      <NewOfferDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={retireOpen}
        title={retiring ? t('offers.retire_title', where(retiring)) : ''}
        confirmLabel={t('offers.retire')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        loading={status.isPending}
        error={status.error ? <ErrorAlert error={status.error} /> : null}
        onConfirm={retire}
        onClose={() => setRetireOpen(false)}
      >
        <Text size="sm">{t('offers.retire_body', { count: retiring?.rented ?? 0 })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
