/** Filters of the log: action (contains), result, and a date range in the account's timezone. */
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { hasFilters, NO_FILTERS, type LogFilters } from '../lib/logs-query';

export interface LogsFiltersProps {
  value: LogFilters;
  onChange: (next: LogFilters) => void;
}

export function LogsFilters({ value, onChange }: LogsFiltersProps) {
  const { t } = useTranslation('logs');
  const set = <K extends keyof LogFilters>(key: K, v: LogFilters[K]) => onChange({ ...value, [key]: v });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t('filters.label')}>
      <TextInput
        type="search"
        label={t('filters.action')}
        placeholder={t('filters.action_placeholder')}
        value={value.action}
        onChange={(e) => set('action', e.currentTarget.value)}
        w={{ base: '100%', xs: 220 }}
      />
      <NativeSelect
        label={t('filters.result')}
        value={value.result}
        onChange={(e) => set('result', e.currentTarget.value as LogFilters['result'])}
        data={[
          { value: '', label: t('filters.result_all') },
          { value: 'ok', label: t('result.ok') },
          { value: 'error', label: t('result.error') },
        ]}
        w={{ base: '100%', xs: 160 }}
      />
      <TextInput
        type="date"
        label={t('filters.from')}
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => set('from', e.currentTarget.value)}
        w={{ base: '47%', xs: 170 }}
      />
      <TextInput
        type="date"
        label={t('filters.to')}
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => set('to', e.currentTarget.value)}
        w={{ base: '47%', xs: 170 }}
      />
      <Button variant="subtle" disabled={!hasFilters(value)} onClick={() => onChange(NO_FILTERS)}>
        {t('filters.clear')}
      </Button>
    </Group>
  );
}
