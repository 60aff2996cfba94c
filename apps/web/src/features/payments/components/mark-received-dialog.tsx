/**
 * 'Mark received' confirmation: the transfer's reference, customer and amount, and the warning to
 * confirm only money that has arrived. On success a green notice; errors show in the dialog.
 */
import { useEffect } from 'react';
import { Alert, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { PendingBankTransfer } from '@portside/contract/schemas/payments';
import { useMoney } from '../../../shared/format/use-money';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useMarkBankTransferReceived } from '../api/mark-bank-transfer-received';

export interface MarkReceivedDialogProps {
  /** The transfer to confirm; null closes the dialog. */
  transfer: PendingBankTransfer | null;
  onClose: () => void;
}

export function MarkReceivedDialog({ transfer, onClose }: MarkReceivedDialogProps) {
  const { t } = useTranslation(['payments', 'common']);
  const money = useMoney();
  const mutation = useMarkBankTransferReceived();

  const { reset: resetMutation } = mutation;
  // A row is its reference (an open invoice no transfer was started for has no payment id).
  const transferRef = transfer?.reference;
  useEffect(() => {
    if (transferRef !== undefined) resetMutation();
    // A fresh state for every transfer opened.
  }, [transferRef, resetMutation]);

  const confirm = () => {
    if (!transfer || mutation.isPending) return;
    mutation.mutate(transfer.reference, {
      onSuccess: () => {
        notifySuccess(t('payments:pending.marked', { reference: transfer.reference, amount: money(transfer.amount_cents) }));
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      opened={transfer !== null}
      title={t('payments:pending.confirm_title')}
      confirmLabel={t('payments:pending.confirm_submit')}
      cancelLabel={t('common:actions.cancel')}
      closeLabel={t('common:actions.close')}
      onConfirm={confirm}
      onClose={onClose}
      loading={mutation.isPending}
      danger={false}
      error={mutation.error ? <ErrorAlert error={mutation.error} /> : null}
    >
      {transfer && (
        <Table variant="vertical" withTableBorder aria-label={t('payments:pending.confirm_title')}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="40%">{t('payments:pending.reference')}</Table.Th>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {transfer.reference}
                </Text>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('payments:pending.customer')}</Table.Th>
              <Table.Td>{transfer.client_name}</Table.Td>
            </Table.Tr>
            {transfer.invoice_numbers.length > 0 && (
              <Table.Tr>
                <Table.Th>{t('payments:pending.invoices', { count: transfer.invoice_numbers.length })}</Table.Th>
                <Table.Td>{transfer.invoice_numbers.join(', ')}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th>{t('payments:pending.amount')}</Table.Th>
              <Table.Td fw={600}>{money(transfer.amount_cents)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      <Alert color="yellow" variant="light">
        {t('payments:pending.confirm_text')}
      </Alert>
    </ConfirmDialog>
  );
}
