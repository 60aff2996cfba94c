/**
 * Servers being prepared for the customer, above the list of servers: each with its offer, the
 * step it has reached (of four) and a link to its installed page, which explains the steps.
 */
import { Anchor, Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { INSTALL_STEPS, type ServerInstall } from '@portside/contract/schemas/dedicated';
import { buildPath } from '@portside/contract/routes';
import { useLocationName } from '../../../shared/format/use-location-name';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { stepsDone } from '../lib/install-steps';

export function InstallsList({ installs }: { installs: readonly ServerInstall[] }) {
  const { t } = useTranslation('dedicated');
  const locationName = useLocationName();
  if (installs.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="dedicated-installs-heading">
      <Title order={2} fz="h4" id="dedicated-installs-heading">
        {t('installs.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('installs.subtitle')}
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {installs.map((i) => {
          const done = stepsDone(i);
          return (
            <Paper component="li" key={i.serial} withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Anchor
                    component={Link}
                    to={buildPath('server_details_installed', { serial: i.serial })}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {t('installs.link', { name: i.hostname || i.offer_name })}
                  </Anchor>
                  <Badge variant="light" color="blue">
                    {t(`steps.${i.step}.title`)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {[i.offer_name, i.cpu, locationName(i.location, i.location_name)].filter(Boolean).join(' · ')}
                </Text>
                <Progress
                  value={(done / INSTALL_STEPS.length) * 100}
                  size="sm"
                  aria-label={t('installs.progress', { done, total: INSTALL_STEPS.length })}
                />
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}
