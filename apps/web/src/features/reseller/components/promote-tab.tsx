/**
 * Handing out the referral code (spec 1 §1 'banner and redirect snippets'): how to promote, the
 * landing page's language and country, the two links (/welcome/<country>?ref=… and
 * /register?ref=…), the banners in three sizes with a preview, and the HTML snippet — each with a
 * copy button. The banners are files of this site (/banners/<language>/…), drawn at build time.
 */
import { useState } from 'react';
import { Image, List, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LANGUAGE_OPTIONS, type Language } from '@portside/contract/constants';
import { RESELLER_BANNERS, bannerSnippet, referralCode, referralLinks } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { countryOptions } from '../../../shared/forms/countries';
import { PROVIDER_COMPANY } from '../../../shared/config/provider';
import { LANDING_COUNTRY } from '../lib/landing-country';
import { CopyField } from './copy-field';

const STEPS = ['one', 'two', 'three'] as const;

export function PromoteTab({ code }: { code: string }) {
  const { t, i18n } = useTranslation('reseller');
  const ui = (i18n.resolvedLanguage ?? 'en') as Language;
  const [language, setLanguage] = useState<Language>(ui);
  const [country, setCountry] = useState(LANDING_COUNTRY[ui] ?? 'GB');
  const [size, setSize] = useState<string>(RESELLER_BANNERS[0].file);
  const origin = window.location.origin;
  const links = referralLinks(origin, language, code, country);
  const banner = RESELLER_BANNERS.find((b) => b.file === size) ?? RESELLER_BANNERS[0];
  const sizeName = `${banner.width} × ${banner.height}`;
  const imagePath = `/banners/${language}/${banner.file}`;
  const alt = t('promote.banner_alt', { provider: PROVIDER_COMPANY });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} fz="h4">
            {t('promote.instructions_heading')}
          </Title>
          <List type="ordered" spacing="xs">
            {STEPS.map((s) => (
              <List.Item key={s}>{t(`promote.steps.${s}`)}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {t('promote.code', { code: referralCode(language, code) })}
          </Text>
        </Stack>
      </Paper>

      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('promote.links_heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={640}>
          <Select
            label={t('promote.language')}
            data={LANGUAGE_OPTIONS.map((l) => ({ value: l.code, label: l.name }))}
            value={language}
            onChange={(v) => {
              if (!v) return;
              setLanguage(v);
              setCountry(LANDING_COUNTRY[v]);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('promote.country')}
            data={countryOptions(ui).map((c) => ({ value: c.code, label: c.name }))}
            value={country}
            onChange={(v) => v && setCountry(v)}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <CopyField label={t('promote.welcome_link')} value={links.welcome} copyLabel={t('promote.copy_welcome')} />
        <CopyField label={t('promote.register_link')} value={links.register} copyLabel={t('promote.copy_register')} />
      </Stack>

      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('promote.banners_heading')}
        </Title>
        <SegmentedControl
          aria-label={t('promote.banner_size')}
          data={RESELLER_BANNERS.map((b) => ({ value: b.file, label: `${b.width} × ${b.height}` }))}
          value={size}
          onChange={setSize}
          style={{ alignSelf: 'flex-start' }}
        />
        <Paper withBorder radius="md" p="md" style={{ overflow: 'hidden' }}>
          <Image
            src={imagePath}
            alt={t('promote.banner_preview', { size: sizeName })}
            w={banner.width}
            maw="100%"
            h="auto"
            fit="contain"
          />
        </Paper>
        <CopyField
          block
          label={t('promote.snippet_label', { size: sizeName })}
          value={bannerSnippet(links.welcome, `${origin}${imagePath}`, banner, alt)}
          copyLabel={t('promote.copy_snippet')}
        />
      </Stack>
    </Stack>
  );
}
