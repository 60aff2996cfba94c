/**
 * /verification (spec 1 §1): an account owner proves who they are with a photo ID and a selfie at
 * first login. The page explains why and how the images are kept, takes the uploads, submits them,
 * and then shows the review's state; after a rejection the owner uploads new images.
 */
import { useEffect } from 'react';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { VERIFICATION_RETENTION_MONTHS } from '@portside/contract/schemas/verification';
import { loadProfile } from '../../../shared/session/auth';
import { useSession } from '../../../shared/session/store';
import { QueryState } from '../../../shared/ui/query-state';
import { useMyVerification } from '../api/get-my-verification';
import { VerificationForm } from '../components/verification-form';
import { VerificationStatus } from '../components/verification-status';

export default function VerificationPage() {
  const { t } = useTranslation(['verification', 'errors']);
  const verification = useMyVerification();
  const profile = useSession('customerDetails');
  const status = verification.data?.status;

  // The route guard reads the status from the stored profile: keep it in step with the server
  // (after a submit, or when staff decide while this page is open).
  useEffect(() => {
    if (status && profile && status !== profile.verification_status) void loadProfile().catch(() => undefined);
  }, [status, profile]);

  const data = verification.data;
  const gated = data?.is_owner && (data.status === 'none' || data.status === 'rejected');
  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1} fz="h2">
          {t('page.title')}
        </Title>
        <Text mt="xs">{t('page.intro')}</Text>
        <Text mt="xs" size="sm" c="dimmed">
          {t('page.privacy', { months: VERIFICATION_RETENTION_MONTHS })}
        </Text>
      </div>
      <QueryState
        query={verification}
        loadingLabel={t('page.loading')}
        // One row always exists for an account; an answer without it is shown as a failure.
        isEmpty={() => !data}
        empty={<Alert color="red" role="alert" title={t('page.load_failed')} />}
        skeleton={
          <>
            <Skeleton h={80} radius="md" />
            <Skeleton h={240} radius="md" />
          </>
        }
      >
        {data && (
          <>
            <VerificationStatus verification={data} />
            {gated && (
              <>
                {data.status === 'none' && (
                  <Alert color="yellow" variant="light">
                    {t('page.locked')}
                  </Alert>
                )}
                <VerificationForm verification={data} />
              </>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
