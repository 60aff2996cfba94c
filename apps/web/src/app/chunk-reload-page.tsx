/**
 * Stands in for a page whose code could not be downloaded: it fully loads the address once
 * (fresh files after a release), and shows a reload button if that already happened.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { createPath, useLocation } from 'react-router';
import { useTranslation } from '../shared/i18n/use-translation';
import { reloadForChunk } from './chunk-reload';

export function ChunkReloadPage() {
  const location = useLocation();
  const { t } = useTranslation('pages');
  const [reloading, setReloading] = useState(true);
  const tried = useRef<string | null>(null);

  useEffect(() => {
    const target = `${window.location.origin}${createPath(location)}`;
    if (tried.current === target) return; // StrictMode runs effects twice
    tried.current = target;
    setReloading(reloadForChunk(target));
  }, [location]);

  if (reloading) {
    return (
      <Center mih="50vh" role="status" aria-label={t('route_error.updating')}>
        <Loader />
      </Center>
    );
  }
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" maw={560} ta="center" role="alert">
        <Title order={1} fz="h2">
          {t('route_error.chunk_title')}
        </Title>
        <Text c="dimmed">{t('route_error.chunk_body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('route_error.reload')}</Button>
      </Stack>
    </Center>
  );
}
