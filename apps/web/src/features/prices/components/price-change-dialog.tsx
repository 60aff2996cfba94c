/**
 * Setting a price from a day on (issue 18): the price now, the new price and the day it starts
 * (the 1st of next month unless staff choose another; today applies at once), and the price's
 * dated changes below. The caller's `onSave` does the price list's own PATCH; the contract's rules
 * are checked here first and again on the server. Issued invoices are never rewritten: the text
 * says so, since that is what staff worry about.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Divider, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { MessageKey } from '@portside/contract/messages';
import { utcToday } from '@portside/contract/rules/service-dates';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { centsOfEuros, euroDecimals, eurosOfCents, firstOfNextMonth, startDayProblem, type PriceKind } from '../lib/price-input';
import { PriceHistory } from './price-history';

export interface PriceChangeInput {
  cents: number;
  effectiveFrom: string;
}

export interface PriceChangeDialogProps {
  opened: boolean;
  onClose: () => void;
  /** What is priced, e.g. 'S2R4 · Lisbon' or 'NVMe disks'. */
  title: ReactNode;
  /** The price's item key ('vm_model:3:lis'), whose changes the dialog lists. */
  item: string;
  /** The price today, in cents (a number or the API's decimal string). */
  currentCents: number | string;
  kind?: PriceKind;
  /** The unit after the amounts, translated (e.g. 'per month', 'per TB and month'). */
  unit: string;
  saving: boolean;
  error: unknown;
  /** Saves (the price list's PATCH); `done` runs once it succeeded (the dialog closes). */
  onSave: (input: PriceChangeInput, done: () => void) => void;
  /** The price list's read to refresh after a withdrawal. */
  refresh?: readonly unknown[];
}

export function PriceChangeDialog(p: PriceChangeDialogProps) {
  const { t } = useTranslation(['prices', 'validation', 'common']);
  const money = useMoney();
  const kind = p.kind ?? 'whole';
  const today = utcToday();
  const [euros, setEuros] = useState<number | string>('');
  const [day, setDay] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!p.opened) return;
    setEuros(eurosOfCents(p.currentCents));
    setDay(firstOfNextMonth(utcToday()));
    setTouched(false);
  }, [p.opened, p.currentCents]);

  const price = centsOfEuros(euros, kind);
  const priceProblem: MessageKey | null = 'problem' in price ? price.problem : null;
  const dayProblem = startDayProblem(day, today);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (priceProblem || dayProblem || !('cents' in price)) return;
    p.onSave({ cents: price.cents, effectiveFrom: day }, p.onClose);
  };

  return (
    <Modal
      opened={p.opened}
      onClose={() => !p.saving && p.onClose()}
      title={p.title}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      closeOnClickOutside={!p.saving}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('dialog.current', { price: money(Number(p.currentCents), euroDecimals(kind)), unit: p.unit })}</Text>
          <NumberInput
            label={t('dialog.new_price')}
            description={p.unit}
            prefix="€ "
            min={0}
            decimalScale={euroDecimals(kind)}
            allowNegative={false}
            value={euros}
            onChange={setEuros}
            required
            error={touched && priceProblem ? t(`validation:${priceProblem}`) : undefined}
          />
          <TextInput
            type="date"
            label={t('dialog.from')}
            description={t('dialog.from_hint')}
            value={day}
            min={today}
            onChange={(e) => setDay(e.currentTarget.value)}
            required
            error={touched && dayProblem ? t(`validation:${dayProblem}`) : undefined}
          />
          <Text size="sm" c="dimmed">
            {day === today ? t('dialog.today_note') : t('dialog.invoices_note')}
          </Text>
          <ErrorAlert error={p.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={p.onClose} disabled={p.saving}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={p.saving}>
              {t('common:actions.save')}
            </Button>
          </Group>
          <Divider />
          <PriceHistory item={p.item} kind={kind} refresh={p.refresh} />
        </Stack>
      </form>
    </Modal>
  );
}
