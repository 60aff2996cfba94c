/**
 * A confirmation dialog for destructive actions: a title, a body, Cancel and a (red) confirm
 * button. It carries no texts of its own — the caller passes them translated. While `loading`
 * the buttons are disabled and the dialog cannot be dismissed; `error` shows above the buttons.
 * Cancel has the focus first, so Enter never destroys anything by accident.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Accessible name of the close (×) button. */
  closeLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  /** False renders only the cancel button (e.g. when the action is not possible). */
  canConfirm?: boolean;
  /** Red confirm button (default) for deleting; false for a neutral action. */
  danger?: boolean;
  error?: ReactNode;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const { canConfirm = true, danger = true, loading = false } = p;
  return (
    <Modal
      opened={p.opened}
      onClose={() => !loading && p.onClose()}
      title={p.title}
      closeButtonProps={{ 'aria-label': p.closeLabel }}
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      centered
    >
      <Stack gap="md">
        {p.children}
        {p.error}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={p.onClose} disabled={loading} data-autofocus>
            {p.cancelLabel}
          </Button>
          {canConfirm && (
            <Button color={danger ? 'red' : undefined} onClick={p.onConfirm} loading={loading}>
              {p.confirmLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
