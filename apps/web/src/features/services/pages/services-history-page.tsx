/**
 * /services-history (spec 1 §2 services-history, §3 Service history): the account's service
 * history, newest first, 25 rows a page, filtered by equipment id. The sidebar shows it in the Logs
 * group (menu-see-users); reading needs menu-see-my-services, so without it the page explains
 * instead of asking the API.
 */
import { useState } from 'react';
import { Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { TIMING } from '@portside/contract/constants';
import { PageHeader } from '../../../shared/ui/page-header';
import { NoServicesAccess } from '../components/no-services-access';
import { ServiceHistorySection } from '../components/service-history-section';
import { useServicesAccess } from '../lib/use-services-access';

/** The filter's equipment id, or null for none; undefined when the text is not an id. */
function equipmentIdOf(text: string): number | null | undefined {
  const v = text.trim();
  if (v === '') return null;
  return /^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : undefined;
}

export default function ServicesHistoryPage() {
  const { t } = useTranslation('services');
  const access = useServicesAccess();
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter, TIMING.searchDebounceMs);
  const id = equipmentIdOf(debounced);

  if (!access.canView) return <NoServicesAccess title={t('history.title')} />;

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('history.title')} subtitle={t('history.subtitle')} />
      <Group>
        <TextInput
          label={t('history.filter')}
          placeholder={t('history.filter_placeholder')}
          inputMode="numeric"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          error={id === undefined ? t('history.filter_invalid') : undefined}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {id !== undefined && (
        <ServiceHistorySection
          key={id ?? 'all'}
          equipmentId={id}
          emptyText={id === null ? t('history.empty') : t('history.empty_filtered')}
        />
      )}
    </Stack>
  );
}
