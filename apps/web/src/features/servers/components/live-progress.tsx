/**
 * What a tab's running operation is doing, from its live messages: a spinner and the last line
 * while it runs, a green line when it is done, a red one when it failed (the banner says so too).
 * `busyText` is shown while the server reports the operation but no message has come yet.
 */
import { Alert, Group, Loader, Text } from '@mantine/core';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useBusyText } from '../lib/use-busy-text';
import type { VmDataProgress } from '../lib/use-vm-data-progress';

export interface LiveProgressProps {
  progress: VmDataProgress | null;
  /** The server's operation in progress (MyVMs2.operation), translated, or null. */
  busyText: string | null;
  /** A line shown in place of the message when the work finished (e.g. the rule's reading of it). */
  doneText?: string;
  onClose: () => void;
  closeLabel: string;
}

export function LiveProgress({ progress, busyText, doneText, onClose, closeLabel }: LiveProgressProps) {
  const running = progress?.phase === 'running' || (progress === null && busyText !== null);
  if (running) {
    return (
      <Alert color="blue" variant="light" role="status" aria-live="polite">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{progress?.text ?? busyText}</Text>
        </Group>
      </Alert>
    );
  }
  if (!progress) return null;
  const ok = progress.phase === 'ok';
  return (
    <Alert
      color={ok ? 'green' : 'red'}
      variant="light"
      role={ok ? 'status' : 'alert'}
      withCloseButton
      onClose={onClose}
      closeButtonLabel={closeLabel}
    >
      <Text size="sm">{ok ? (doneText ?? progress.text) : progress.text}</Text>
    </Alert>
  );
}

export interface TabProgressProps {
  vm: Pick<VmRow, 'operation'>;
  progress: VmDataProgress | null;
  onClose: () => void;
  doneText?: string;
}

/**
 * The status block of a server's tab (Backups, Snapshots, Image and the lifecycle tabs): its live
 * progress, or 'Operation in progress: …' while the server reports one and no message has come.
 */
export function TabProgress({ vm, progress, onClose, doneText }: TabProgressProps) {
  const { t } = useTranslation('common');
  const busyText = useBusyText(vm);
  return (
    <LiveProgress
      progress={progress}
      busyText={busyText}
      doneText={doneText}
      onClose={onClose}
      closeLabel={t('common:actions.close')}
    />
  );
}
