/**
 * /reseller (spec 1 §2; no claim: the Reseller entry shows for everyone): until the account's
 * reseller agreement is approved, what the programme is and the steps to join; once approved, the
 * reseller's clients, their invoices and commission, client files, and its links and banners.
 */
import { Stack } from '@mantine/core';
import { RESELLER_DEFAULT_COMMISSION_PERCENT } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryState } from '../../../shared/ui/query-state';
import { useMyReseller } from '../api/get-my-reseller';
import { AgreementSteps } from '../components/agreement-steps';
import { ProgrammeOverview } from '../components/programme-overview';
import { ResellerWorkspace } from '../components/reseller-workspace';

export default function ResellerPage() {
  const { t } = useTranslation('reseller');
  const me = useMyReseller();
  const reseller = me.data ?? null;
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <QueryState query={me} loadingLabel={t('loading')} skeleton={4}>
        {reseller?.agreement_status === 'approved' ? (
          <ResellerWorkspace reseller={reseller} />
        ) : (
          <Stack gap="lg">
            <ProgrammeOverview percent={reseller?.commission_percent ?? RESELLER_DEFAULT_COMMISSION_PERCENT} />
            <AgreementSteps reseller={reseller} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
