/**
 * Opens a server's console in a new tab: VmConsole answers a one-time link, which opens without
 * access to this page (noopener). Used by the server details' Console tab.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { useOpenConsole } from '../api/open-console';

export function OpenConsoleButton({
  provisionedId,
  ...props
}: { provisionedId: number } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { t } = useTranslation('console');
  const open = useOpenConsole();
  const notice = useApiErrorNotice();
  return (
    <Button
      {...props}
      loading={open.isPending}
      onClick={() =>
        open.mutate(provisionedId, {
          onSuccess: ({ url }) => void window.open(url, '_blank', 'noopener,noreferrer'),
          onError: notice,
        })
      }
    >
      {t('open')}
    </Button>
  );
}
