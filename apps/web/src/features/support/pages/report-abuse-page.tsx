/**
 * /report-of-abuse-and-illegal-content (route report-form, public): the notice form, then its
 * receipt — the reference, and that a copy went to the reporter's address.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { PROVIDER_CONTACT } from '../lib/provider-contact';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageHeader } from '../../../shared/ui/page-header';
import { AbuseReportForm } from '../components/abuse-report-form';
import { PublicFrame } from '../../../shared/ui/public-frame';

export default function ReportAbusePage() {
  const { t } = useTranslation(['support', 'pages']);
  const [receipt, setReceipt] = useState<{ reference: string; email: string } | null>(null);
  return (
    <PublicFrame>
      <Stack gap="md" maw={900}>
        <PageHeader title={t('pages:titles.report_form')} subtitle={t('abuse.subtitle')} />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          {receipt ? (
            <Stack gap="sm" align="flex-start">
              <Alert color="green" variant="light" role="status" title={t('abuse.sent_title')} w="100%">
                <Stack gap="xs">
                  <Text size="sm">
                    {t('abuse.sent_reference')}{' '}
                    <Code fz="sm" data-testid="abuse-reference">
                      {receipt.reference}
                    </Code>
                  </Text>
                  <Text size="sm">{t('abuse.sent_receipt', { email: receipt.email })}</Text>
                  <Text size="sm">{t('abuse.sent_next')}</Text>
                </Stack>
              </Alert>
              <Button variant="subtle" onClick={() => setReceipt(null)}>
                {t('abuse.another')}
              </Button>
            </Stack>
          ) : (
            <Stack gap="md">
              <Title order={2} fz="h4" id="abuse-form-title">
                {t('abuse.form_title')}
              </Title>
              <Text size="sm">{t('abuse.intro')}</Text>
              <Text size="sm" c="dimmed">
                {t('abuse.not_support')}{' '}
                <Anchor component={Link} to={buildPath('contact')} underline="always">
                  {t('abuse.contact_link')}
                </Anchor>
              </Text>
              <AbuseReportForm onSent={(reference, email) => setReceipt({ reference, email })} />
              <Text size="xs" c="dimmed">
                {t('abuse.by_email', { email: PROVIDER_CONTACT.abuseEmail })}
              </Text>
            </Stack>
          )}
        </Paper>
      </Stack>
    </PublicFrame>
  );
}
