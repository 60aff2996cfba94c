/**
 * Where the account's verification stands: under review, verified, or not accepted (with the
 * staff's reason); and for a sub-user, that the owner verifies.
 */
import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { MyVerification } from '@portside/contract/schemas/verification';
import { useDateFormat } from '../../../shared/format/use-date-format';

function ToDashboard() {
  const { t } = useTranslation('verification');
  return (
    <Button component={Link} to="/dashboard" variant="light" w="fit-content">
      {t('to_dashboard')}
    </Button>
  );
}

export function VerificationStatus({ verification }: { verification: MyVerification }) {
  const { t } = useTranslation('verification');
  const formatDate = useDateFormat();
  const when = (iso: string | null) => (iso ? formatDate(iso) : '');

  if (!verification.is_owner) {
    return (
      <Alert color="blue" title={t('status.sub_user_title')}>
        <Stack gap="xs">
          <Text size="sm">{t('status.sub_user')}</Text>
          <Text size="sm">
            {t('status.sub_user_status')}{' '}
            <Text span fw={600}>
              {t(`status.names.${verification.status}`)}
            </Text>
          </Text>
          <ToDashboard />
        </Stack>
      </Alert>
    );
  }
  if (verification.status === 'pending') {
    return (
      <Alert color="blue" title={t('status.pending_title')} role="status">
        <Stack gap="xs">
          <Text size="sm">{t('status.pending_body', { date: when(verification.submitted_at) })}</Text>
          <ToDashboard />
        </Stack>
      </Alert>
    );
  }
  if (verification.status === 'approved') {
    return (
      <Alert color="green" title={t('status.approved_title')} role="status">
        <Stack gap="xs">
          <Text size="sm">{t('status.approved_body')}</Text>
          <ToDashboard />
        </Stack>
      </Alert>
    );
  }
  if (verification.status === 'rejected') {
    return (
      <Alert color="red" title={t('status.rejected_title')}>
        <Stack gap={4}>
          {verification.reason && (
            <Text size="sm">
              {t('status.rejected_reason')}{' '}
              <Text span fw={600}>
                {verification.reason}
              </Text>
            </Text>
          )}
          <Text size="sm">{t('status.rejected_body')}</Text>
        </Stack>
      </Alert>
    );
  }
  return null;
}
