/**
 * /verification-queue (staff): the identity verifications waiting for review, oldest first, with
 * the images and Approve / Reject. Other users see that the area is for staff, without any call
 * (a refused call would end their session).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSession } from '../../../shared/session/store';
import { Icon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { Pager } from '../../../shared/ui/pager';
import { QUEUE_PAGE_SIZE, useVerificationQueue } from '../api/get-verification-queue';
import { QueueRequestCard } from '../components/queue-request-card';

export default function VerificationQueuePage() {
  const { t } = useTranslation(['verification', 'errors']);
  const profile = useSession('customerDetails');
  const isStaff = profile?.pg_roles.includes('staff') ?? false;
  const [page, setPage] = useState(1);
  const queue = useVerificationQueue(page, isStaff);
  const rows = queue.data?.rows ?? [];
  const total = queue.data?.total ?? rows.length;
  const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));

  // Reviewing the last request of the last page leaves that page empty: step back.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  if (!isStaff) {
    return (
      <Stack gap="md" maw={900}>
        <PageHeader title={t('queue.title')} />
        <Alert color="gray" title={t('queue.staff_only_title')}>
          {t('queue.staff_only_body')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title={t('queue.title')}
        subtitle={t('queue.subtitle')}
        actions={
          <Button
            variant="light"
            leftSection={<Icon name="refresh" size={16} />}
            loading={queue.isFetching}
            onClick={() => void queue.refetch()}
          >
            {t('queue.refresh')}
          </Button>
        }
      />
      <QueryState
        query={queue}
        loadingLabel={t('queue.loading')}
        isEmpty={() => rows.length === 0}
        empty={
          <Paper withBorder radius="md" p="md">
            <EmptyState title={t('queue.empty_title')} body={t('queue.empty_body')} />
          </Paper>
        }
      >
        <Text size="sm" role="status">
          {t('queue.count', { count: total })}
        </Text>
        {rows.map((item) => (
          <QueueRequestCard key={item.id} item={item} />
        ))}
        <Group justify="center">
          <Pager page={page} pages={pages} onChange={setPage} label={t('queue.page_label')} />
        </Group>
      </QueryState>
    </Stack>
  );
}
