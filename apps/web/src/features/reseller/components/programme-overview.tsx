/**
 * What the reseller programme is, for an account that has not joined yet: how referrals work, how
 * long a client stays its client, and the commission (spec 1 §1 'Resellers').
 */
import { Grid, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { RESELLER_CONTRACT_MONTHS } from '@portside/contract/schemas/reseller';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';

const POINTS = ['link', 'register', 'commission', 'portal'] as const;

export function ProgrammeOverview({ percent }: { percent: number }) {
  const { t } = useTranslation('reseller');
  const values = { months: RESELLER_CONTRACT_MONTHS, percent };
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="md" h="100%">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              {t('programme.heading')}
            </Title>
            <List
              spacing="xs"
              icon={
                <ThemeIcon size={22} radius="xl" variant="light" aria-hidden="true">
                  <Icon name="check" size={14} />
                </ThemeIcon>
              }
            >
              {POINTS.map((p) => (
                <List.Item key={p}>{t(`programme.points.${p}`, values)}</List.Item>
              ))}
            </List>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="md" h="100%">
          <Stack gap={4} align="flex-start">
            <Text size="sm" c="dimmed">
              {t('programme.commission_title')}
            </Text>
            <Text fz={36} fw={700} lh={1.1}>
              {t('programme.commission_value', values)}
            </Text>
            <Text size="sm">{t('programme.commission_note', values)}</Text>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
