/**
 * Issuing a credit note for a paid invoice (issue 18): the net to credit (what is left by default),
 * the VAT and total it makes at the invoice's rate (rules/credit-notes, as the server computes
 * them), the reason, and where the money goes — the account's balance or a bank transfer finance
 * makes. Checked here by the contract's schema and again on the server.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, NumberInput, Radio, Stack, Text, Textarea } from '@mantine/core';
import { creditTotals } from '@portside/contract/rules/credit-notes';
import { CREDIT_REASON_MAX, CREDIT_REFUNDS, type CreditRefund, type FinanceInvoice } from '@portside/contract/schemas/finance';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useCreateCreditNote } from '../api/credit-notes';

/** What is left to credit on an invoice: its net and VAT less those of its credit notes (as the server counts). */
export function creditableRest(i: FinanceInvoice): { netCents: number; vatCents: number } {
  const creditedVat = i.credited_cents - i.credited_net_cents;
  return { netCents: i.subtotal_cents - i.credited_net_cents, vatCents: i.vat_cents - creditedVat };
}

export interface CreditNoteDialogProps {
  invoice: FinanceInvoice | null;
  onClose: () => void;
}

export function CreditNoteDialog({ invoice, onClose }: CreditNoteDialogProps) {
  const { t } = useTranslation(['finance', 'validation', 'common']);
  const money = useMoney();
  const create = useCreateCreditNote();
  const [euros, setEuros] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<CreditRefund>('balance');
  const [touched, setTouched] = useState(false);
  const rest = invoice ? creditableRest(invoice) : { netCents: 0, vatCents: 0 };

  useEffect(() => {
    if (!invoice) return;
    setEuros(creditableRest(invoice).netCents / 100);
    setReason('');
    setRefund('balance');
    setTouched(false);
    create.reset();
    // The form starts again for each invoice opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [invoice?.id]);

  const net = typeof euros === 'number' ? Math.round(euros * 100) : NaN;
  const totals = invoice ? creditTotals(net, rest, Number(invoice.vat_percent)) : null;
  const amountError = !Number.isFinite(net) || net <= 0 ? 'credit_amount_invalid' : !totals ? 'too_much' : null;
  const reasonError = reason.trim() === '' ? 'credit_reason_empty' : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!invoice || amountError || reasonError) return;
    create.mutate(
      { p_invoice: invoice.id, p_subtotal_cents: net, p_reason: reason.trim(), p_refund: refund },
      {
        onSuccess: (r) => {
          notifySuccess(t('credit.done', { number: r.number, total: money(r.total_cents) }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened={invoice !== null}
      onClose={() => !create.isPending && onClose()}
      title={invoice ? t('credit.title', { number: invoice.number }) : ''}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      {invoice && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              {t('credit.summary', {
                client: invoice.client_name,
                total: money(invoice.total_cents),
                left: money(rest.netCents + rest.vatCents),
              })}
            </Text>
            <NumberInput
              label={t('credit.net')}
              description={t('credit.net_hint', { max: money(rest.netCents) })}
              prefix="€ "
              min={0}
              decimalScale={2}
              allowNegative={false}
              value={euros}
              onChange={setEuros}
              required
              error={
                touched && amountError
                  ? amountError === 'too_much'
                    ? t('credit.too_much', { max: money(rest.netCents) })
                    : t(`validation:${amountError}`)
                  : undefined
              }
            />
            {totals && (
              <Text size="sm" role="status">
                {t('credit.totals', { vat: money(totals.vatCents), total: money(totals.totalCents) })}
              </Text>
            )}
            <Textarea
              label={t('credit.reason')}
              description={t('credit.reason_hint')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={CREDIT_REASON_MAX}
              autosize
              minRows={2}
              required
              error={touched && reasonError ? t(`validation:${reasonError}`) : undefined}
            />
            <Radio.Group label={t('credit.refund')} value={refund} onChange={(v) => setRefund(v)}>
              <Stack gap={6} mt={6}>
                {CREDIT_REFUNDS.map((r) => (
                  <Radio key={r} value={r} label={t(`credit.refunds.${r}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <ErrorAlert error={create.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={create.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('credit.issue')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
