/**
 * The answer of a 'test connection' shown where the button is: a busy line while it runs, what
 * answered (product, version, what it counted, how fast) on success, the error's message and hint
 * on failure. Announced to screen readers as it changes.
 */
import { Alert, Group, Loader, Text } from '@mantine/core';
import type { ConnectionTestAnswer } from '@portside/contract/schemas/infra';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';

export interface ConnectionResultProps {
  pending: boolean;
  data: ConnectionTestAnswer | undefined;
  error: unknown;
}

export function ConnectionResult({ pending, data, error }: ConnectionResultProps) {
  const { t } = useTranslation('infra');
  if (pending) {
    return (
      <Group gap="xs" role="status" aria-live="polite">
        <Loader size="xs" />
        <Text size="sm">{t('test.running')}</Text>
      </Group>
    );
  }
  if (error) return <ErrorAlert error={error} title={t('test.failed_title')} />;
  if (!data) return null;
  const d = data.details;
  return (
    <Alert color="green" variant="light" title={t('test.ok_title')} role="status" aria-live="polite">
      {t('test.ok_body', {
        product: d.version ? `${d.product} ${d.version}` : d.product,
        counted: t(`test.counted_${d.count_of}`, { count: d.count }),
        latency: d.latency_ms,
      })}
    </Alert>
  );
}
