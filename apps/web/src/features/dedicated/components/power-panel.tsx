/**
 * Power functions chosen from a list (spec 1 §2): the functions this server's BMC advertises and
 * the current state allows, and a Run button; everything but switching on asks first. The state
 * and the progress of the function in flight are shown live (a status region, so screen readers
 * hear the change); a BMC that does not answer is said, with when the state shown was read.
 */
import { useState } from 'react';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import type { DedicatedPowerAction, ServerStats } from '@portside/contract/schemas/dedicated';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useRunPowerAction } from '../api/run-power-action';
import { isDestructive, jobInFlight, offeredActions } from '../lib/power';
import { PowerStateBadge } from './dedicated-badges';
import { Section } from './section';

export function PowerPanel({ server }: { server: ServerStats }) {
  const { t } = useTranslation(['dedicated', 'common']);
  const date = useDateFormat();
  const run = useRunPowerAction(server.serial);
  const offered = offeredActions(server);
  const [chosen, setChosen] = useState<DedicatedPowerAction | ''>('');
  const [asking, setAsking] = useState<DedicatedPowerAction | null>(null);
  const action = chosen && offered.includes(chosen) ? chosen : '';
  const busy = jobInFlight(server);
  const job = server.power_job;
  const label = (a: string) => t(`power.actions.${a}`, { defaultValue: a });

  const send = (a: DedicatedPowerAction) =>
    run.mutate(a, {
      onSuccess: () => {
        setAsking(null);
        setChosen('');
        notifySuccess(t('power.sent', { action: label(a), hostname: server.hostname }));
      },
    });
  const press = () => {
    if (!action) return;
    run.reset();
    if (isDestructive(action)) setAsking(action);
    else send(action);
  };

  return (
    <Section id="power" title={t('power.title')} subtitle={t('power.subtitle')}>
      <Stack gap="sm">
        <Group gap="xs" role="status" aria-live="polite" wrap="wrap">
          <Text size="sm">{t('power.state')}</Text>
          <PowerStateBadge state={server.power_state} />
          {busy && job && (
            <Group gap={6} wrap="nowrap">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t(`power.job.${job.status}`, { action: label(job.action) })}</Text>
            </Group>
          )}
        </Group>
        {server.power_state_at && (
          <Text size="xs" c="dimmed">
            {t('power.read_at', { time: date(server.power_state_at) })}
          </Text>
        )}
        {!server.bmc_reachable && (
          <Alert color="yellow" variant="light" title={t('power.bmc_down_title')}>
            {server.power_state_at ? t('power.bmc_down_body', { time: date(server.power_state_at) }) : t('power.bmc_down_never')}
          </Alert>
        )}
        {job?.status === 'failed' && (
          <Alert color="red" variant="light" title={t('power.job.failed', { action: label(job.action) })}>
            {job.error ?? t('power.job.failed_no_reason')}
          </Alert>
        )}
        {offered.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('power.none')}
          </Text>
        ) : (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NativeSelect
              label={t('power.choose')}
              value={action}
              onChange={(e) => setChosen(e.currentTarget.value as DedicatedPowerAction | '')}
              data={[{ value: '', label: t('power.placeholder') }, ...offered.map((a) => ({ value: a, label: label(a) }))]}
              miw={220}
              style={{ flex: '1 1 220px', maxWidth: 320 }}
            />
            <Button onClick={press} disabled={!action || busy} loading={run.isPending && !asking}>
              {t('power.run')}
            </Button>
          </Group>
        )}
        {busy && (
          <Text size="xs" c="dimmed">
            {t('power.wait')}
          </Text>
        )}
        {!asking && run.error ? <ErrorAlert error={run.error} /> : null}
      </Stack>

      <ConfirmDialog
        opened={asking !== null}
        title={asking ? t('power.confirm_title', { action: label(asking), hostname: server.hostname }) : ''}
        confirmLabel={asking ? label(asking) : ''}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={() => asking && send(asking)}
        onClose={() => setAsking(null)}
        loading={run.isPending}
        error={asking && run.error ? <ErrorAlert error={run.error} /> : null}
      >
        <Text>{asking ? t(`power.confirm.${asking}`, { hostname: server.hostname }) : ''}</Text>
      </ConfirmDialog>
    </Section>
  );
}
