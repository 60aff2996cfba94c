/**
 * /servers/server-details-installed/:serial (issue 17): a server being installed for the customer.
 * Its four steps — ordered, racked, OS installed, handed over — as a vertical list with what each
 * means for the customer and when it was reached; staff move it on (issue 18). Once handed over
 * the page leads to the server's own details page.
 */
import { Anchor, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { INSTALL_STEPS } from '@portside/contract/schemas/dedicated';
import { buildPath } from '@portside/contract/routes';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useLocationName } from '../../../shared/format/use-location-name';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';
import { QueryState } from '../../../shared/ui/query-state';
import { useServerInstall } from '../api/get-server-installs';
import { BackLink, NotFoundPanel } from '../components/not-found-panel';
import { installSteps, stepsDone } from '../lib/install-steps';

const SERIAL = /^[A-Za-z0-9._-]{1,64}$/;

export default function InstalledServerPage() {
  const { t } = useTranslation('dedicated');
  const date = useDateFormat();
  const money = useMoney();
  const locationName = useLocationName();
  const serial = useParams().serial ?? '';
  const valid = SERIAL.test(serial);
  const install = useServerInstall(serial, valid);
  const data = valid ? install.data : null;

  if (!valid) {
    return (
      <Stack gap="md">
        <BackLink />
        <NotFoundPanel serial={serial} />
      </Stack>
    );
  }

  const done = data ? stepsDone(data) : 0;
  return (
    <Stack gap="md" maw={900} miw={0}>
      <BackLink />
      <QueryState
        query={install}
        loadingLabel={t('installed.loading')}
        isEmpty={() => !data}
        empty={<NotFoundPanel serial={serial} />}
        skeleton={<Skeleton h={240} radius="md" />}
      >
        {data && (
          <Stack gap="md">
            <div>
              <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                {t('installed.title', { name: data.hostname || data.offer_name })}
              </Title>
              <Text c="dimmed" size="sm">
                {[
                  data.offer_name,
                  data.cpu,
                  locationName(data.location, data.location_name),
                  t('installed.price', { price: money(data.monthly_cents) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Paper
              withBorder
              radius="md"
              p={{ base: 'sm', sm: 'md' }}
              component="section"
              aria-labelledby="installed-steps-heading"
            >
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Title order={2} fz="h4" id="installed-steps-heading">
                    {t('installed.steps_title')}
                  </Title>
                  <Badge variant="light">{t('installs.progress', { done, total: INSTALL_STEPS.length })}</Badge>
                </Group>
                <List component="ol" spacing="md" listStyleType="none" p={0} m={0} aria-label={t('installed.steps_title')}>
                  {installSteps(data).map((s, i) => {
                    const reached = i < done;
                    const current = i === done - 1;
                    return (
                      <List.Item
                        key={s.step}
                        aria-current={current ? 'step' : undefined}
                        icon={
                          <ThemeIcon
                            radius="xl"
                            size="md"
                            variant={reached ? 'filled' : 'light'}
                            color={reached ? 'green' : 'gray'}
                            aria-hidden="true"
                          >
                            {reached ? <Icon name="check" size={14} /> : <Text size="xs">{i + 1}</Text>}
                          </ThemeIcon>
                        }
                      >
                        <Text fw={600}>
                          {t(`steps.${s.step}.title`)}
                          {current && data.step !== 'handed-over' ? ` — ${t('installed.current')}` : ''}
                        </Text>
                        <Text size="sm">{t(`steps.${s.step}.body`)}</Text>
                        <Text size="xs" c="dimmed">
                          {s.at ? t('installed.reached_at', { time: date(s.at) }) : t('installed.not_yet')}
                        </Text>
                      </List.Item>
                    );
                  })}
                </List>
              </Stack>
            </Paper>
            {data.step === 'handed-over' ? (
              <Button component={Link} to={buildPath('server_details_dedicated', { serial: data.serial })} w="fit-content">
                {t('installed.open_server')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t('installed.questions')}{' '}
                <Anchor component={Link} to={buildPath('tickets')} underline="always">
                  {t('installed.ticket')}
                </Anchor>
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
