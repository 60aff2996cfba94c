/**
 * /profile-reload: reloads the customer details (MyProfile) and returns to the page the user
 * wanted (the `redirect` query parameter the guard sets). A refused session goes to /logout-raw.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ApiError, errorHtml } from '../../../shared/api/client';
import { loadProfile } from '../../../shared/session/auth';
import { SafeHtml } from '../../../shared/ui/safe-html';

const FALLBACK = '/dashboard';

/** An in-app path to return to; anything that could leave the site gives the dashboard. */
export function safeReturnPath(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || /[\\\u0000-\u001f]/.test(target)) {
    return FALLBACK;
  }
  if (target.startsWith('/profile-reload') || target.includes('logout')) return FALLBACK;
  return target;
}

export default function ProfileReloadPage() {
  const { t } = useTranslation(['pages', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeReturnPath(params.get('redirect'));
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  const reload = useCallback(async () => {
    setError(null);
    try {
      await loadProfile();
      await navigate(target, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        await navigate('/logout-raw', { replace: true });
        return;
      }
      setError(e);
    }
  }, [navigate, target]);

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    void reload();
  }, [reload]);

  return (
    <Center component="main" mih="100dvh" p="md">
      {error ? (
        <Paper withBorder p="xl" radius="md" maw={520} w="100%">
          <Stack gap="md">
            <Title order={1} fz="h3">
              {t('profile_reload.failed_title')}
            </Title>
            <Text role="alert" c="red">
              <SafeHtml html={errorHtml(error, t)} />
            </Text>
            <Group>
              <Button onClick={() => void reload()}>{t('common:actions.retry')}</Button>
              <Button component={Link} to="/logout-raw" variant="default">
                {t('common:actions.logout')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">{t('profile_reload.loading')}</Text>
        </Stack>
      )}
    </Center>
  );
}
