/** 'Test connection' on a registered cluster, BMC or router of a list: its sealed secret is opened on the server. */
import { Button, Stack } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { useTestConnection, type InfraKind } from '../api/test-connection';
import { ConnectionResult } from './connection-result';

export function RowTest({ kind, id, name }: { kind: InfraKind; id: number; name: string }) {
  const { t } = useTranslation('infra');
  const test = useTestConnection(kind);
  return (
    <Stack gap={6} miw={220}>
      <Button
        size="xs"
        variant="light"
        leftSection={<Icon name="refresh" size={14} />}
        loading={test.isPending}
        onClick={() => test.mutate({ p_id: id })}
        aria-label={t('test.button_of', { name })}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('test.button')}
      </Button>
      <ConnectionResult pending={false} data={test.data} error={test.error} />
    </Stack>
  );
}
