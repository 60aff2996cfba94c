/**
 * One pending verification in the staff's queue: who sent it and when, the photo ID and the
 * selfie, and the Approve (confirmed) and Reject (with a reason) actions.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { VerificationQueueItem } from '@portside/contract/schemas/verification';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { notifySuccess } from '../../../shared/ui/notify';
import { SafeHtml } from '../../../shared/ui/safe-html';
import { errorHtml } from '../../../shared/api/client';
import { useApproveVerification } from '../api/approve-verification';
import { useRejectVerification } from '../api/reject-verification';
import { DocumentThumbnail } from './document-thumbnail';
import { RejectDialog } from './reject-dialog';

export function QueueRequestCard({ item }: { item: VerificationQueueItem }) {
  const { t } = useTranslation(['verification', 'common', 'errors']);
  const formatDate = useDateFormat();
  const approve = useApproveVerification();
  const reject = useRejectVerification();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const name = item.client_name;
  const headingId = `verification-request-${item.id}`;
  const kindLabel = (kind: string) => t(kind === 'selfie' ? 'documents.kind_selfie' : 'documents.kind_document');
  const altOf = (kind: string) => t(kind === 'selfie' ? 'queue.selfie_alt' : 'queue.document_alt', { name });

  const close = () => {
    setDialog(null);
    approve.reset();
    reject.reset();
  };
  const onApprove = () =>
    approve.mutate({ p_request: item.id }, { onSuccess: () => (close(), notifySuccess(t('queue.approved', { name }))) });
  const onReject = (reason: string) =>
    reject.mutate(
      { p_request: item.id, p_reason: reason },
      { onSuccess: () => (close(), notifySuccess(t('queue.rejected', { name }))) },
    );

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} fz="h4" id={headingId}>
              {name}
            </Title>
            <Text size="sm">{item.email}</Text>
            <Text size="sm" c="dimmed">
              {[item.company_name, item.country].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <Badge variant="light">{t('queue.request', { code: item.id })}</Badge>
            <Text size="xs" c="dimmed">
              {t('queue.submitted', { date: formatDate(item.submitted_at) })}
            </Text>
          </Stack>
        </Group>
        {item.document_type && (
          <Text size="sm">
            {t('queue.document_type')}{' '}
            <Text span fw={600}>
              {t(`document.types.${item.document_type}`)}
            </Text>
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {item.documents.map((d) => (
            <Stack key={d.id} gap={4}>
              <Text size="sm" fw={600}>
                {kindLabel(d.kind)}
              </Text>
              <DocumentThumbnail scope="staff" id={d.id} alt={altOf(d.kind)} height={220} />
            </Stack>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <Button color="green" onClick={() => setDialog('approve')} aria-label={t('queue.approve_named', { name })}>
            {t('queue.approve')}
          </Button>
          <Button
            color="red"
            variant="outline"
            onClick={() => setDialog('reject')}
            aria-label={t('queue.reject_named', { name })}
          >
            {t('queue.reject')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={dialog === 'approve'}
        title={t('queue.approve_title')}
        confirmLabel={t('queue.approve')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        danger={false}
        loading={approve.isPending}
        onConfirm={onApprove}
        onClose={close}
        error={approve.error ? <SafeHtml html={errorHtml(approve.error, t)} /> : null}
      >
        <Text size="sm">{t('queue.approve_body', { name })}</Text>
      </ConfirmDialog>
      <RejectDialog
        opened={dialog === 'reject'}
        request={item.id}
        name={name}
        loading={reject.isPending}
        error={reject.error}
        onReject={onReject}
        onClose={close}
      />
    </Card>
  );
}
