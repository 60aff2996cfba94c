/** Footer: privacy policy, terms of service, report of abuse and illegal content, © 2023. */
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { FOOTER_COPYRIGHT_YEAR } from '@portside/contract/constants';
import { buildPath } from '@portside/contract/routes';

export function FooterLinks() {
  const { t } = useTranslation('shell');
  return (
    <Group
      component="footer"
      justify="space-between"
      gap="xs"
      mt="xl"
      pt="md"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="md" component="nav" aria-label={t('footer.label')} wrap="wrap">
        <Anchor component={Link} to={buildPath('privacy_policy')} size="sm" c="dimmed">
          {t('footer.privacy_policy')}
        </Anchor>
        <Anchor component={Link} to={buildPath('terms_of_service')} size="sm" c="dimmed">
          {t('footer.terms_of_service')}
        </Anchor>
        <Anchor component={Link} to={buildPath('report-form')} size="sm" c="dimmed">
          {t('footer.report_abuse')}
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        © {FOOTER_COPYRIGHT_YEAR} Portside
      </Text>
    </Group>
  );
}
