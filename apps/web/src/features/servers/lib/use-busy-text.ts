/** The server's operation in progress as a line ('Operation in progress: backup now'), or null. */
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { VmRow } from '@portside/contract/schemas/vms';

export function useBusyText(vm: Pick<VmRow, 'operation'>): string | null {
  const { t } = useTranslation('servers');
  if (vm.operation === null) return null;
  return t('notices.operation', { operation: t(`operations.${vm.operation}`, { defaultValue: vm.operation }) });
}
