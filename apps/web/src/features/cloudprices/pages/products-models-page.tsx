/**
 * /products-models (role staff; issue 18): the cloud models, searchable by code and a page at a
 * time; 'New model' creates one with its price at every location, 'Change price' sets a location's
 * price from a day on (the prices feature's dialog, passed in by app/), Retire (confirmed) stops
 * offering a model to new orders and upgrades while its servers keep it, Restore offers it again.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@portside/contract/constants';
import { vmModelItem, type ModelLocationPrice, type ProductsModelRow } from '@portside/contract/schemas/cloud-prices';
import { queryKeys } from '../../../shared/api/query-keys';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useCreateProductsModel } from '../api/create-products-model';
import { useProductsModels } from '../api/get-products-models';
import { useUpdateProductsModel } from '../api/update-products-model';
import { CreateModelDialog } from '../components/create-model-dialog';
import { ModelsTable } from '../components/models-table';
import { modelPages } from '../lib/cloud-prices-queries';
import type { PriceSlots } from '../lib/price-slots';

export function ProductsModelsPage({ slots }: { slots: PriceSlots }) {
  const { t } = useTranslation(['cloudprices', 'common']);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TIMING.searchDebounceMs);
  const [page, setPage] = useState(1);
  const models = useProductsModels(debounced, page);
  const rows = models.data?.rows ?? [];
  const pages = modelPages(models.data?.total ?? rows.length);
  const create = useCreateProductsModel();
  const update = useUpdateProductsModel();
  const [creating, setCreating] = useState(false);
  const [pricing, setPricing] = useState<{ row: ProductsModelRow; price: ModelLocationPrice } | null>(null);
  const [priceOpen, setPriceOpen] = useState(false);
  const [retiring, setRetiring] = useState<ProductsModelRow | null>(null);

  useEffect(() => {
    if (page > pages && models.data) setPage(pages);
  }, [page, pages, models.data]);

  const toggle = (row: ProductsModelRow) => {
    update.reset();
    if (row.active) setRetiring(row);
    else update.mutate({ id: row.id, active: true }, { onSuccess: () => notifySuccess(t('restored', { model: row.code })) });
  };

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={t('models.title')}
        subtitle={t('models.subtitle')}
        actions={
          <Button
            leftSection={<Icon name="plus" size={16} />}
            onClick={() => {
              create.reset();
              setCreating(true);
            }}
          >
            {t('models.new')}
          </Button>
        }
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('models.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={320}
          maw="100%"
          leftSection={<Icon name="search" size={16} />}
        />
        {models.data && (
          <Text size="sm" role="status">
            {t('models.count', { count: models.data.total ?? rows.length })}
          </Text>
        )}
      </Group>
      {!retiring && !priceOpen && <ErrorAlert error={update.error} />}
      <QueryState
        query={models}
        loadingLabel={t('models.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <EmptyState
            icon="server"
            title={debounced.trim() ? t('models.empty_search') : t('models.empty')}
            body={t('models.empty_body')}
          />
        }
      >
        <ModelsTable
          rows={rows}
          next={slots.next}
          onChangePrice={(row, price) => {
            update.reset();
            setPricing({ row, price });
            setPriceOpen(true);
          }}
          onToggleActive={toggle}
        />
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('models.pages')} />
        </Group>
      </QueryState>
      <CreateModelDialog
        opened={creating}
        onClose={() => setCreating(false)}
        saving={create.isPending}
        error={create.error}
        onCreate={(body) =>
          create.mutate(body, {
            onSuccess: () => {
              setCreating(false);
              notifySuccess(t('created', { model: body.p_code }));
            },
          })
        }
      />
      {pricing &&
        slots.dialog({
          opened: priceOpen,
          onClose: () => setPriceOpen(false),
          title: t('price_title', { model: pricing.row.code, location: pricing.price.location_name }),
          item: vmModelItem(pricing.row.id, pricing.price.location),
          currentCents: pricing.price.cents,
          kind: 'whole',
          unit: t('per_month'),
          saving: update.isPending,
          error: update.error,
          refresh: queryKeys.cloudPrices.all,
          onSave: ({ cents, effectiveFrom }, done) =>
            update.mutate(
              { id: pricing.row.id, location: pricing.price.location, cents, effectiveFrom },
              {
                onSuccess: () => {
                  done();
                  notifySuccess(t('saved', { model: pricing.row.code, location: pricing.price.location_name }));
                },
              },
            ),
        })}
      <ConfirmDialog
        opened={retiring !== null}
        title={t('retire_dialog.title', { model: retiring?.code ?? '' })}
        confirmLabel={t('retire_dialog.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        loading={update.isPending}
        error={<ErrorAlert error={update.error} />}
        onClose={() => setRetiring(null)}
        onConfirm={() =>
          retiring &&
          update.mutate(
            { id: retiring.id, active: false },
            {
              onSuccess: () => {
                notifySuccess(t('retired', { model: retiring.code }));
                setRetiring(null);
              },
            },
          )
        }
      >
        <Text size="sm">{t('retire_dialog.body', { count: retiring?.servers ?? 0 })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
