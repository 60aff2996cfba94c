/**
 * The rebuild of /routers-subnets: the button that asks every router to be read again
 * (RoutersRebuildSubnets), the progress while the job runs (routers read of those asked, from
 * /api/Routers asked every two seconds), and each router that did not answer with its error — its
 * subnets then show what was last read.
 */
import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { RouterRow } from '@portside/contract/schemas/routers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { queryClient } from '../../../shared/api/query-client';
import { useRebuildSubnets } from '../api/rebuild-subnets';
import { routersKeys } from '../api/routers-keys';

export function RebuildPanel({ routers }: { routers: readonly RouterRow[] }) {
  const { t } = useTranslation('routers');
  const formatDate = useDateFormat();
  const rebuild = useRebuildSubnets();
  const pending = routers.filter((r) => r.sync_pending).length;
  const running = pending > 0 || rebuild.isPending;
  const done = routers.length - pending;
  // The rebuild ended: the subnets, addresses and ARP tables were read anew.
  const before = useRef(pending);
  useEffect(() => {
    if (before.current > 0 && pending === 0) void queryClient.invalidateQueries({ queryKey: routersKeys.all });
    before.current = pending;
  }, [pending]);
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button
          leftSection={<Icon name="refresh" size={16} />}
          loading={rebuild.isPending}
          disabled={running || routers.length === 0}
          onClick={() => rebuild.mutate({})}
        >
          {t('subnets.rebuild')}
        </Button>
        {running && (
          <Stack gap={2} miw={200} style={{ flex: 1 }} maw={360}>
            <Text size="sm" id="rebuild-progress-label" aria-live="polite">
              {t('subnets.rebuilding', { done, total: routers.length })}
            </Text>
            <Progress
              value={routers.length ? (done / routers.length) * 100 : 0}
              animated
              aria-labelledby="rebuild-progress-label"
            />
          </Stack>
        )}
      </Group>
      {rebuild.error && <ErrorAlert error={rebuild.error} />}
      {routers
        .filter((r) => !r.reachable && r.last_error)
        .map((r) => (
          <Alert key={r.id} color="orange" variant="light" title={t('subnets.unreachable', { router: r.name })}>
            <Text size="sm">{r.last_error}</Text>
            <Text size="sm" c="dimmed">
              {r.synced_at ? t('subnets.last_read', { time: formatDate(r.synced_at) }) : t('subnets.never_read')}
            </Text>
          </Alert>
        ))}
    </Stack>
  );
}
