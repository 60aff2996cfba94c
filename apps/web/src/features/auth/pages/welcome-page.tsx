/**
 * /welcome/:originCountry: a landing page for visitors from a country (e.g. from an advert or a
 * reseller's link). It switches the interface to the country's language unless the visitor
 * already chose one (a language cookie exists, or the link's ?ref= code set it), greets them and
 * offers registration and login; `offers` (composed in app/) shows what the provider offers. A
 * referral code the link carried is kept in the referrer cookie, which registration sends.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Button, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { COOKIES } from '@portside/contract/constants';
import { languageForCountry } from '@portside/contract/rules/locale';
import { getCookie } from '../../../shared/session/cookies';
import { setLanguage } from '../../../shared/i18n/language';
import { AuthLayout } from '../components/auth-layout';
import { ForVisitorsOnly } from '../components/for-visitors-only';
import { dialCodeOf } from '../../../shared/forms/countries';

/** The visitor's country name in the interface language, or null for an unknown code. */
function countryName(code: string, language: string): string | null {
  if (!/^[A-Za-z]{2}$/.test(code) || dialCodeOf(code) === undefined) return null;
  try {
    const names = new Intl.DisplayNames([language, 'en'], { type: 'region', fallback: 'none' });
    const name = names.of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? name : null;
  } catch {
    return null;
  }
}

const POINTS = ['locations', 'one_place', 'pricing', 'language'] as const;

/** The page for visitors; a logged-in user goes to the dashboard (its language is left alone). */
export function WelcomeView({ offers }: { offers?: ReactNode }) {
  return (
    <ForVisitorsOnly>
      <Welcome offers={offers} />
    </ForVisitorsOnly>
  );
}

export default function WelcomePage() {
  return <WelcomeView />;
}

function Welcome({ offers }: { offers?: ReactNode }) {
  const { t, i18n } = useTranslation(['auth']);
  const { originCountry = '' } = useParams();

  useEffect(() => {
    if (getCookie(COOKIES.language.name)) return;
    void setLanguage(languageForCountry(originCountry));
  }, [originCountry]);

  const language = i18n.resolvedLanguage ?? i18n.language;
  const country = useMemo(() => countryName(originCountry, language), [originCountry, language]);

  return (
    <AuthLayout
      width={offers ? 720 : 560}
      title={country ? t('auth:welcome.title_country', { country }) : t('auth:welcome.title')}
      subtitle={t('auth:welcome.subtitle')}
    >
      <Text>{t('auth:welcome.pitch')}</Text>
      <List
        spacing="xs"
        icon={
          <ThemeIcon size={20} radius="xl" aria-hidden="true">
            ✓
          </ThemeIcon>
        }
      >
        {POINTS.map((p) => (
          <List.Item key={p}>{t(`auth:welcome.points.${p}`)}</List.Item>
        ))}
      </List>
      {offers}
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button component={Link} to="/register" size="md">
            {t('auth:welcome.register')}
          </Button>
          <Button component={Link} to="/login" size="md" variant="default">
            {t('auth:welcome.login')}
          </Button>
        </SimpleGrid>
        <Text size="xs" c="dimmed" ta="center">
          {t('auth:welcome.trial')}
        </Text>
      </Stack>
    </AuthLayout>
  );
}
