/**
 * /console-open/:url/:cookie/:epoch/:hash (spec 1 §2): a server's console in a tab of its own,
 * opened from a one-time link VmConsole made. It takes the link apart, connects to the console
 * socket and shows, full height on a dark ground: xterm.js for a text console, noVNC for a
 * graphical (VNC) one. States: connecting, connected,
 * closed (with a new console through VmConsole when logged in) and error (an altered, expired or
 * used link, or a server that cannot be reached).
 */
import { Alert, Anchor, Badge, Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { hasToken } from '../../../shared/session/auth';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { useOpenConsole } from '../api/open-console';
import { TERMINAL_BACKGROUND, XtermView } from '../components/xterm-view';
import { VncView } from '../components/vnc-view';
import type { ConsoleState } from '../lib/console-connection';
import { useConsoleConnection } from '../lib/use-console-connection';

const STATUS_COLOR: Record<ConsoleState['status'], string> = {
  connecting: 'yellow',
  connected: 'green',
  closed: 'gray',
  error: 'red',
};

export default function ConsoleOpenPage() {
  const { t } = useTranslation('console');
  const p = useParams();
  const { state, connection } = useConsoleConnection({
    url: p.url ?? '',
    cookie: p.cookie ?? '',
    epoch: p.epoch ?? '',
    hash: p.hash ?? '',
  });
  const navigate = useNavigate();
  const reopen = useOpenConsole();
  const notice = useApiErrorNotice();
  const [ctrlAltDel, setCtrlAltDelFn] = useState<(() => void) | null>(null);
  const setCtrlAltDel = useCallback((send: (() => void) | null) => setCtrlAltDelFn(() => send), []);

  const info = state.status === 'connected' || state.status === 'closed' ? state : null;
  const kind = info?.kind ?? null;
  const canReconnect = state.status === 'closed' && state.provisionedId !== null && hasToken();
  const reconnect = () => {
    if (state.status !== 'closed' || state.provisionedId === null) return;
    reopen.mutate(state.provisionedId, { onSuccess: ({ url }) => void navigate(url, { replace: true }), onError: notice });
  };

  return (
    <Box
      component="main"
      pos="fixed"
      style={{ inset: 0, zIndex: 250, display: 'flex', flexDirection: 'column', background: TERMINAL_BACKGROUND }}
    >
      <Group component="header" wrap="nowrap" gap="xs" px="sm" py={6} bg="dark.8">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text component="h1" m={0} fz="md" fw={700} c="gray.2" truncate>
            {info?.name ? t('title_named', { name: info.name }) : t('title')}
          </Text>
          <Badge color={STATUS_COLOR[state.status]} variant="light" role="status" style={{ flexShrink: 0 }}>
            {t(`status.${state.status}`)}
          </Badge>
        </Group>
        {ctrlAltDel && (
          <Button size="compact-xs" variant="default" ml="auto" style={{ flexShrink: 0 }} onClick={ctrlAltDel}>
            {t('vnc.ctrl_alt_del')}
          </Button>
        )}
      </Group>

      <Box style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        {state.status === 'connecting' && (
          <Center h="100%">
            <Group gap="sm">
              <Loader size="sm" color="gray" />
              <Text c="gray.4">{t('connecting')}</Text>
            </Group>
          </Center>
        )}
        {state.status === 'error' && (
          <Center h="100%" p="md">
            <Alert color="red" variant="light" title={t('error_title')} maw={560} w="100%">
              <Stack gap="xs">
                <Text size="sm">{t(`errors.${state.code}`)}</Text>
                <Text size="sm">
                  {t('open_again')}{' '}
                  <Anchor component={Link} to="/list-view" size="sm" underline="always" c="inherit">
                    {t('your_servers')}
                  </Anchor>
                </Text>
              </Stack>
            </Alert>
          </Center>
        )}
        {kind === 'text' && connection && (
          <XtermView key={p.cookie} connection={connection} readOnly={state.status !== 'connected'} />
        )}
        {kind === 'vnc' && connection && (
          <VncView key={p.cookie} connection={connection} active={state.status === 'connected'} onCtrlAltDel={setCtrlAltDel} />
        )}
        {state.status === 'closed' && (
          <Box
            pos="absolute"
            bottom={12}
            left={12}
            right={12}
            style={{ display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}
          >
            <Alert color="gray" variant="filled" title={t('closed_title')} maw={560} w="100%" style={{ pointerEvents: 'auto' }}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{t(`closed.${state.reason}`)}</Text>
                {canReconnect && (
                  <Button size="xs" variant="white" onClick={reconnect} loading={reopen.isPending}>
                    {t('reconnect')}
                  </Button>
                )}
              </Group>
            </Alert>
          </Box>
        )}
      </Box>
    </Box>
  );
}
