/**
 * /servers-price-list (role staff; issue 18): the dedicated offers' monthly prices, changed from a
 * chosen day, and the reference lists they are built from, one tab each. The app composes it with
 * the prices feature's dialog and note (app/pages/servers-price-list-page.tsx). The help line says
 * what staff ask first: rented servers keep the price they were ordered at.
 */
import { Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { OffersPanel } from '../components/offers-panel';
import type { PriceParts } from '../components/price-parts';
import { CpuFamiliesList, DiskSetsList, DiskTypesList, ModelsList } from '../components/reference-lists';

const TABS = ['offers', 'cpus', 'models', 'disk_types', 'disk_sets'] as const;
type Tab = (typeof TABS)[number];

export function ServersPriceList({ parts }: { parts: PriceParts }) {
  const { t } = useTranslation('dedprices');
  const [tab, setTab] = useState<Tab>('offers');
  return (
    <Stack gap="md" maw={1200}>
      <PageHeader title={t('offers.title')} subtitle={t('offers.subtitle')} />
      <Tabs
        value={tab}
        onChange={(v) => setTab((TABS as readonly string[]).includes(v ?? '') ? (v as Tab) : 'offers')}
        keepMounted={false}
      >
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {TABS.map((k) => (
            <Tabs.Tab key={k} value={k}>
              {t(`tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="offers" pt="md">
          <OffersPanel parts={parts} />
        </Tabs.Panel>
        <Tabs.Panel value="cpus" pt="md">
          <CpuFamiliesList />
        </Tabs.Panel>
        <Tabs.Panel value="models" pt="md">
          <ModelsList />
        </Tabs.Panel>
        <Tabs.Panel value="disk_types" pt="md">
          <DiskTypesList />
        </Tabs.Panel>
        <Tabs.Panel value="disk_sets" pt="md">
          <DiskSetsList />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
