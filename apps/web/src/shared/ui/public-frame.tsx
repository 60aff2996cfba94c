/**
 * The frame of the pages a visitor without a session reads (privacy policy, terms, contact, the
 * abuse report, a visitor's ticket): the brand, a way to log in, the language picker, and the
 * footer links the shell shows to logged-in users. Inside the shell the page renders as it is.
 * Its texts are the support namespace's `frame.*`.
 */
import type { ReactNode } from 'react';
import { Anchor, Box, Button, Group, NativeSelect, Text } from '@mantine/core';
import { Link } from 'react-router';
import { FOOTER_COPYRIGHT_YEAR, LANGUAGE_OPTIONS } from '@portside/contract/constants';
import { buildPath } from '@portside/contract/routes';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { useTranslation } from '../i18n/use-translation';
import { setLanguage } from '../i18n/language';
import { hasToken } from '../session/auth';
import { useSession } from '../session/store';
import { FlagIcon } from './flag-icon';

/** Whether the app shell frames the page (as app/root-layout decides). */
export function useInShell(): boolean {
  return useSession('customerDetails') !== null && hasToken();
}

export function PublicFrame({ children }: { children: ReactNode }) {
  const inShell = useInShell();
  const { t, i18n } = useTranslation('support');
  if (inShell) return <>{children}</>;
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Box mih="100dvh" display="flex" style={{ flexDirection: 'column' }}>
      <Group
        component="header"
        justify="space-between"
        wrap="wrap"
        gap="sm"
        px={{ base: 'sm', sm: 'md' }}
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Anchor component={Link} to={buildPath('login')} underline="never" aria-label={t('frame.home')}>
          <Group gap={6} wrap="nowrap">
            <Box aria-hidden="true" w={24} h={24} bg="var(--mantine-primary-color-filled)" style={{ borderRadius: 7 }} />
            <Text fw={800} fz={20} c="var(--mantine-primary-color-filled)">
              Portside
            </Text>
          </Group>
        </Anchor>
        <Group gap="xs" wrap="nowrap">
          <NativeSelect
            size="xs"
            w={150}
            aria-label={t('frame.language')}
            value={current}
            onChange={(e) => void setLanguage(e.currentTarget.value)}
            data={LANGUAGE_OPTIONS.map((o) => ({ value: o.code, label: o.name }))}
            leftSection={<FlagIcon code={current} />}
          />
          <Button component={Link} to={buildPath('login')} size="xs" variant="light">
            {t('frame.login')}
          </Button>
        </Group>
      </Group>
      <Box component="main" px={{ base: 'sm', sm: 'md' }} py="md" style={{ flex: 1 }}>
        <Box maw={900} mx="auto">
          {children}
        </Box>
      </Box>
      <Group
        component="footer"
        justify="space-between"
        gap="xs"
        wrap="wrap"
        px={{ base: 'sm', sm: 'md' }}
        py="md"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group gap="md" component="nav" aria-label={t('frame.footer')} wrap="wrap">
          <Anchor component={Link} to={buildPath('privacy_policy')} size="sm" c="dimmed">
            {t('frame.privacy_policy')}
          </Anchor>
          <Anchor component={Link} to={buildPath('terms_of_service')} size="sm" c="dimmed">
            {t('frame.terms_of_service')}
          </Anchor>
          <Anchor component={Link} to={buildPath('report-form')} size="sm" c="dimmed">
            {t('frame.report_abuse')}
          </Anchor>
          <Anchor component={Link} to={buildPath('contact')} size="sm" c="dimmed">
            {t('frame.contact')}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          © {FOOTER_COPYRIGHT_YEAR} Portside
        </Text>
      </Group>
    </Box>
  );
}
