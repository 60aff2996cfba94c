/**
 * /verification-queue (staff): the identity verifications waiting for review, oldest first, with
 * the images and Approve / Reject. Other users see that the area is for staff, without any call
 * (a refused call would end their session).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorHtml } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/store';
import { Icon } from '../../../shared/ui/icons';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { Pager } from '../../../shared/ui/pager';
import { QUEUE_PAGE_SIZE, useVerificationQueue } from '../api/get-verification-queue';
import { QueueRequestCard } from '../components/queue-request-card';

export default function VerificationQueuePage() {
  const { t } = useTranslation(['verification', 'errors']);
  const profile = useSession('customerDetails');
  const isStaff = profile?.pg_roles.includes('staff') ?? false;
  const [page, setPage] = useState(1);
  const queue = useVerificationQueue(page, isStaff);
  const total = queue.data?.total ?? queue.data?.rows.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));

  // Reviewing the last request of the last page leaves that page empty: step back.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  if (!isStaff) {
    return (
      <Stack gap="md" maw={900}>
        <Title order={1} fz="h2">
          {t('queue.title')}
        </Title>
        <Alert color="gray" title={t('queue.staff_only_title')}>
          {t('queue.staff_only_body')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            {t('queue.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('queue.subtitle')}
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<Icon name="refresh" size={16} />}
          loading={queue.isFetching}
          onClick={() => void queue.refetch()}
        >
          {t('queue.refresh')}
        </Button>
      </Group>
      {queue.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('queue.loading')} />
        </Center>
      ) : queue.isError ? (
        <Alert color="red">
          <SafeHtml html={errorHtml(queue.error, t)} />
        </Alert>
      ) : queue.data.rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack gap={4} align="center">
            <Text fw={600}>{t('queue.empty_title')}</Text>
            <Text c="dimmed" size="sm" ta="center">
              {t('queue.empty_body')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <>
          <Text size="sm" role="status">
            {t('queue.count', { count: total })}
          </Text>
          {queue.data.rows.map((item) => (
            <QueueRequestCard key={item.id} item={item} />
          ))}
          <Group justify="center">
            <Pager page={page} pages={pages} onChange={setPage} label={t('queue.page_label')} />
          </Group>
        </>
      )}
    </Stack>
  );
}
