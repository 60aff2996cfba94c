/**
 * /my-services/:equipment_id (spec 1 §3 Service item): the service's details, its comment, and —
 * for the account owner, until it has ended — cancelling on a chosen date, moving that date or
 * withdrawing the cancellation; below, the service's history.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { QueryState } from '../../../shared/ui/query-state';
import { useMyService } from '../api/get-my-service';
import { CancelServiceDialog } from '../components/cancel-service-dialog';
import { CommentEditor } from '../components/comment-editor';
import { NoServicesAccess } from '../components/no-services-access';
import { ServiceFacts } from '../components/service-facts';
import { ServiceHistorySection } from '../components/service-history-section';
import { ServiceStatusBadge } from '../components/service-status-badge';
import { WithdrawCancelDialog } from '../components/withdraw-cancel-dialog';
import { useServiceName } from '../lib/use-service-name';
import { useServicesAccess } from '../lib/use-services-access';

export default function ServiceDetailsPage() {
  const { t } = useTranslation('services');
  const { equipment_id: param = '' } = useParams();
  const id = /^\d{1,15}$/.test(param) ? Number(param) : 0;
  const access = useServicesAccess();
  const name = useServiceName();
  const service = useMyService(id, access.canView && id > 0);
  const [dialog, setDialog] = useState<'cancel' | 'withdraw' | null>(null);
  const back = (
    <Anchor component={Link} to={buildPath('my-services')} size="sm">
      ← {t('details.back')}
    </Anchor>
  );

  if (!access.canView) return <NoServicesAccess title={t('list.title')} />;
  const notFound = (
    <Paper withBorder p="lg" radius="md" maw={700}>
      <Text fw={600}>{t('details.not_found_title')}</Text>
      <Text c="dimmed">{t('details.not_found_body', { id: param })}</Text>
    </Paper>
  );
  // An address that names no service is not asked for: it is not found at once.
  if (!(id > 0)) {
    return (
      <Stack gap="md">
        {back}
        {notFound}
      </Stack>
    );
  }
  const s = service.data;
  if (!s) {
    return (
      <Stack gap="md">
        {back}
        <QueryState
          query={service}
          loadingLabel={t('loading')}
          isEmpty={() => true}
          empty={notFound}
          skeleton={
            <>
              <Skeleton h={36} w="40%" radius="sm" />
              <Skeleton h={140} radius="md" />
              <Skeleton h={100} radius="md" />
            </>
          }
        >
          {null}
        </QueryState>
      </Stack>
    );
  }
  const open = s.status !== 'ended';

  return (
    <Stack gap="lg" maw={1200}>
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {name(s)}
            </Title>
            <ServiceStatusBadge status={s.status} size="md" />
          </Group>
          <Text c="dimmed" size="sm" ff="monospace">
            {t('details.equipment', { id: s.equipment_id })}
          </Text>
        </div>
        {access.canManage && open && (
          <Group gap="sm">
            {s.end_date && (
              <Button variant="default" onClick={() => setDialog('withdraw')}>
                {t('details.withdraw')}
              </Button>
            )}
            <Button color="red" variant="light" onClick={() => setDialog('cancel')}>
              {s.end_date ? t('details.move') : t('details.cancel')}
            </Button>
          </Group>
        )}
      </Group>
      {!access.canManage && open && (
        <Alert color="gray" variant="light">
          {t('list.owner_only')}
        </Alert>
      )}
      <ServiceFacts service={s} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="service-comment-title">
        <Title order={2} fz="h4" id="service-comment-title" mb="sm">
          {t('comment.title')}
        </Title>
        <CommentEditor service={s} />
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="service-history-title">
        <Title order={2} fz="h4" id="service-history-title" mb="sm">
          {t('details.history_title')}
        </Title>
        <ServiceHistorySection equipmentId={s.equipment_id} emptyText={t('history.empty')} />
      </Paper>
      {access.canManage && (
        <>
          <CancelServiceDialog service={s} opened={dialog === 'cancel'} onClose={() => setDialog(null)} />
          <WithdrawCancelDialog service={s} opened={dialog === 'withdraw'} onClose={() => setDialog(null)} />
        </>
      )}
    </Stack>
  );
}
