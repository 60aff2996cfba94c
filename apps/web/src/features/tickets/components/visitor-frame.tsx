/**
 * The frame of /tickets for a visitor who is not logged in (the page shows without the app shell):
 * the Portside wordmark linking to the login, the page on a muted background with room at the
 * edges, and a language picker underneath, as on the other logged-out pages.
 */
import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LANGUAGE_OPTIONS } from '@portside/contract/constants';
import { normalizeLocale } from '@portside/contract/rules/locale';
import { setLanguage } from '../../../shared/i18n/language';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FlagIcon } from '../../../shared/ui/flag-icon';

export function VisitorFrame({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('tickets');
  const current = normalizeLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Box component="main" mih="100dvh" px="sm" py="xl" bg="var(--portside-surface-muted)">
      <Container size={900} p={0}>
        <Stack gap="lg">
          <Anchor component={Link} to="/login" underline="never" w="fit-content" aria-label={t('visitor.home')}>
            <Group gap={6}>
              <Box aria-hidden="true" w={24} h={24} bg="var(--mantine-primary-color-filled)" style={{ borderRadius: 7 }} />
              <Text fw={800} fz={22} lh={1} c="var(--mantine-primary-color-filled)">
                Portside
              </Text>
            </Group>
          </Anchor>
          {children}
          <Group justify="center">
            <NativeSelect
              size="xs"
              w={180}
              label={t('visitor.language')}
              value={current}
              onChange={(e) => void setLanguage(e.currentTarget.value)}
              data={LANGUAGE_OPTIONS.map((o) => ({ value: o.code, label: o.name }))}
              leftSection={<FlagIcon code={current} />}
            />
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
