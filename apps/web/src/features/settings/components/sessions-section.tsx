/**
 * Sessions (issue 9 §6): where the user is signed in — one entry per login, with the device, the
 * address, when it signed in and when it was last active, 'This device' on the current one. Another
 * session can be logged out (its token is refused from then on), or every session at once, this
 * one included, after which the browser goes to the login page.
 */
import { useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MySession } from '@portside/contract/schemas/sessions';
import type { Translate } from '../../../shared/api/client';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useEndAllSessions } from '../api/end-all-sessions';
import { useEndSession } from '../api/end-session';
import { useMySessions } from '../api/get-my-sessions';
import { describeDevice } from './describe-device';
import { Section } from './section';

/** 'Firefox on Windows', one of the two, or 'Unknown device'. */
function deviceLabel(t: Translate, device: string | null): string {
  const { browser, os } = describeDevice(device);
  if (browser && os) return t('settings:sessions.device', { browser, os });
  return browser ?? os ?? t('settings:sessions.unknown_device');
}

interface SessionItemProps {
  session: MySession;
  label: string;
  onEnd: () => void;
}

function SessionItem({ session, label, onEnd }: SessionItemProps) {
  const { t } = useTranslation('settings');
  const format = useDateFormat();
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="session">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {label}
            </Text>
            {session.current && (
              <Badge variant="light" color="green">
                {t('sessions.this_device')}
              </Badge>
            )}
          </Group>
          {session.ip && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('sessions.address', { ip: session.ip })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('sessions.signed_in', { time: format(session.created_at) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('sessions.last_active', { time: format(session.last_seen_at) })}
          </Text>
        </Stack>
        {!session.current && (
          // The accessible name starts with the visible text and says which session it ends.
          <Button variant="light" color="red" size="xs" onClick={onEnd} aria-label={t('sessions.end_label', { device: label })}>
            {t('sessions.end')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export function SessionsSection() {
  const { t } = useTranslation(['settings', 'common']);
  const navigate = useNavigate();
  const sessions = useMySessions();
  const endOne = useEndSession();
  const endAll = useEndAllSessions();
  const [ending, setEnding] = useState<{ id: string; label: string } | null>(null);
  const [endingAll, setEndingAll] = useState(false);

  const closeOne = () => {
    setEnding(null);
    endOne.reset();
  };
  const closeAll = () => {
    setEndingAll(false);
    endAll.reset();
  };

  const rows = sessions.data ?? [];
  return (
    <Section id="sessions" title={t('settings:sessions.title')} intro={t('settings:sessions.intro')}>
      <QueryState
        query={sessions}
        loadingLabel={t('settings:loading')}
        skeleton={<Skeleton h={80} />}
        isEmpty={() => rows.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('settings:sessions.empty')}
          </Text>
        }
      >
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('settings:sessions.list_label')}>
          {rows.map((s) => {
            const label = deviceLabel(t, s.device);
            return <SessionItem key={s.id} session={s} label={label} onEnd={() => setEnding({ id: s.id, label })} />;
          })}
        </Stack>
      </QueryState>
      <div>
        <Button variant="outline" color="red" onClick={() => setEndingAll(true)}>
          {t('settings:sessions.end_all')}
        </Button>
      </div>

      <ConfirmDialog
        opened={ending !== null}
        title={t('settings:sessions.end_title')}
        confirmLabel={t('settings:sessions.end_confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        loading={endOne.isPending}
        error={endOne.error ? <ErrorAlert error={endOne.error} /> : null}
        onClose={closeOne}
        onConfirm={() => {
          if (!ending) return;
          const { label } = ending;
          endOne.mutate(
            { p_session: ending.id },
            {
              onSuccess: () => {
                closeOne();
                notifySuccess(t('settings:sessions.ended', { device: label }));
              },
            },
          );
        }}
      >
        <Text size="sm">{t('settings:sessions.end_body', { device: ending?.label ?? '' })}</Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={endingAll}
        title={t('settings:sessions.end_all_title')}
        confirmLabel={t('settings:sessions.end_all_confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        loading={endAll.isPending}
        error={endAll.error ? <ErrorAlert error={endAll.error} /> : null}
        onClose={closeAll}
        onConfirm={() =>
          endAll.mutate(undefined, {
            // This session has ended too: leave through the forced logout, which clears this browser.
            onSuccess: () => void navigate('/logout-raw', { replace: true }),
          })
        }
      >
        <Text size="sm">{t('settings:sessions.end_all_body')}</Text>
      </ConfirmDialog>
    </Section>
  );
}
