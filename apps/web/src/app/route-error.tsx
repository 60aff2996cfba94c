/**
 * Error element of every route. A failed chunk load (e.g. the shell's) triggers a full load of
 * the address (once, see lazy-page.ts); anything else shows a calm error panel with a reload button.
 */
import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation';
import { ChunkReloadPage } from './chunk-reload-page';
import { isChunkLoadError } from './chunk-reload';
import NotFoundPage from './pages/not-found-page';

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('pages');

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isChunkLoadError(error)) return <ChunkReloadPage />;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" maw={560} ta="center" role="alert">
        <Title order={1} fz="h2">
          {t('route_error.title')}
        </Title>
        <Text c="dimmed">{t('route_error.body')}</Text>
        {detail && <Code block>{detail}</Code>}
        <Button onClick={() => window.location.reload()}>{t('route_error.reload')}</Button>
      </Stack>
    </Center>
  );
}
