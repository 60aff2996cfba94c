/**
 * The frame of every logged-out page: a centred card under the Portside wordmark, with a
 * language picker underneath (the shell's picker is not shown to logged-out visitors).
 */
import type { ReactNode } from 'react';
import { Box, Center, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LANGUAGE_OPTIONS } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { setLanguage } from '../../../shared/i18n/language';
import { FlagIcon } from '../../../shared/ui/flag-icon';

interface AuthLayoutProps {
  /** The page heading (h1). */
  title: ReactNode;
  /** A short line under the heading. */
  subtitle?: ReactNode;
  /** Card width in pixels on wide screens; it shrinks to the screen on mobile. */
  width?: number;
  children: ReactNode;
  /** Links shown under the card (e.g. 'Create an account'). */
  footer?: ReactNode;
}

export function AuthLayout({ title, subtitle, width = 440, children, footer }: AuthLayoutProps) {
  const { t, i18n } = useTranslation(['auth']);
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language);

  return (
    <Center component="main" mih="100dvh" px="sm" py="xl" bg="var(--portside-surface-muted)">
      <Stack w="100%" maw={width} gap="md">
        <Group justify="center" gap={6}>
          <Box aria-hidden="true" w={28} h={28} bg="var(--mantine-primary-color-filled)" style={{ borderRadius: 8 }} />
          <Text fw={800} fz={26} lh={1} c="var(--mantine-primary-color-filled)">
            {t('auth:common.brand')}
          </Text>
        </Group>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md">
            <Box>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              ) : null}
            </Box>
            {children}
          </Stack>
        </Paper>
        {footer ? (
          <Stack gap={6} align="center" ta="center">
            {footer}
          </Stack>
        ) : null}
        <Group justify="center">
          <NativeSelect
            size="xs"
            w={180}
            label={t('auth:common.language')}
            value={current}
            onChange={(e) => setLanguage(e.currentTarget.value)}
            data={LANGUAGE_OPTIONS.map((o) => ({ value: o.code, label: o.name }))}
            leftSection={<FlagIcon code={current} />}
          />
        </Group>
      </Stack>
    </Center>
  );
}
