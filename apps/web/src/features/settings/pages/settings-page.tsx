/**
 * /settings (spec 1 §2 'Settings: logout after N minutes, account deletion', §1 timezone and
 * language): inactivity logout, the open sessions (issue 9 §6), timezone, language, billing
 * address and account deletion.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { AccountDeletionSection } from '../components/account-deletion-section';
import { BillingAddressSection } from '../components/billing-address-section';
import { LanguageSection } from '../components/language-section';
import { LogoutTimeoutSection } from '../components/logout-timeout-section';
import { SessionsSection } from '../components/sessions-section';
import { TimezoneSection } from '../components/timezone-section';

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <LogoutTimeoutSection />
      <SessionsSection />
      <TimezoneSection />
      <LanguageSection />
      <BillingAddressSection />
      <AccountDeletionSection />
    </Stack>
  );
}
