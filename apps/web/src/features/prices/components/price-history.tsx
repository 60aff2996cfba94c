/**
 * One price's dated changes in the price dialog: those still to come (with 'Withdraw', confirmed
 * in the row) and those that applied, newest day first. A started change is history: no button.
 */
import { useState } from 'react';
import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { PriceChange } from '@portside/contract/schemas/prices';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { useCancelPriceChange } from '../api/cancel-price-change';
import { usePriceChanges } from '../api/get-price-changes';
import { euroDecimals, type PriceKind } from '../lib/price-input';

export interface PriceHistoryProps {
  item: string;
  kind: PriceKind;
  /** The price list's own read, refreshed after a withdrawal (its 'next change' column). */
  refresh?: readonly unknown[];
}

export function PriceHistory({ item, kind, refresh }: PriceHistoryProps) {
  const { t } = useTranslation('prices');
  const changes = usePriceChanges(item);
  const cancel = useCancelPriceChange(refresh);
  const [confirming, setConfirming] = useState<number | null>(null);
  const rows = (changes.data ?? []).filter((c) => c.item === item);

  return (
    <Stack gap="xs">
      <Title order={3} fz="sm">
        {t('history.title')}
      </Title>
      {changes.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">{t('history.loading')}</Text>
        </Group>
      ) : changes.isError ? (
        <ErrorAlert error={changes.error} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rows.map((c) => (
            <ChangeRow
              key={c.id}
              change={c}
              kind={kind}
              confirming={confirming === c.id}
              busy={cancel.isPending && cancel.variables === c.id}
              onAsk={() => setConfirming(c.id)}
              onKeep={() => setConfirming(null)}
              onWithdraw={() => cancel.mutate(c.id, { onSettled: () => setConfirming(null) })}
            />
          ))}
        </Stack>
      )}
      <ErrorAlert error={cancel.error} />
    </Stack>
  );
}

interface ChangeRowProps {
  change: PriceChange;
  kind: PriceKind;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onKeep: () => void;
  onWithdraw: () => void;
}

function ChangeRow({ change, kind, confirming, busy, onAsk, onKeep, onWithdraw }: ChangeRowProps) {
  const { t } = useTranslation('prices');
  const money = useMoney();
  const formatDate = useDateFormat();
  const day = formatDate(change.effective_from, { style: 'date' });
  const price = money(Number(change.cents), euroDecimals(kind));
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Badge variant="light" color={change.started ? 'gray' : 'blue'}>
          {change.started ? t('history.applied') : t('history.scheduled')}
        </Badge>
        <Text size="sm">{t('history.row', { price, date: day })}</Text>
      </Group>
      {!change.started &&
        (confirming ? (
          <Group gap={6}>
            <Button
              size="compact-sm"
              color="red"
              loading={busy}
              onClick={onWithdraw}
              aria-label={t('history.confirm_label', { price, date: day })}
            >
              {t('history.confirm')}
            </Button>
            <Button size="compact-sm" variant="default" disabled={busy} onClick={onKeep}>
              {t('history.keep')}
            </Button>
          </Group>
        ) : (
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={onAsk}
            aria-label={t('history.withdraw_label', { price, date: day })}
          >
            {t('history.withdraw')}
          </Button>
        ))}
    </Group>
  );
}
