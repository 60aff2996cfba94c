/**
 * /settings (spec 1 §2 'Settings: logout after N minutes, account deletion', §1 timezone and
 * language): inactivity logout, the open sessions (issue 9 §6), timezone, language, billing
 * address and account deletion. It lives in app/ because later sections come from other features
 * (API tokens, two-factor sign-in), which never import each other.
 */
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/use-translation';
import { ApiTokensSection } from '../../features/api-tokens/components/api-tokens-section';
import { AccountDeletionSection } from '../../features/settings/components/account-deletion-section';
import { BillingAddressSection } from '../../features/settings/components/billing-address-section';
import { LanguageSection } from '../../features/settings/components/language-section';
import { LogoutTimeoutSection } from '../../features/settings/components/logout-timeout-section';
import { SessionsSection } from '../../features/settings/components/sessions-section';
import { TimezoneSection } from '../../features/settings/components/timezone-section';
import { TwoFactorSection } from '../../features/two-factor/components/two-factor-section';

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
      <TwoFactorSection />
      <ApiTokensSection />
      <TimezoneSection />
      <LanguageSection />
      <BillingAddressSection />
      <AccountDeletionSection />
    </Stack>
  );
}
