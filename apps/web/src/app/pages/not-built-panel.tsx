/**
 * The page of a route whose screen arrives in a later release (see app/not-built.ts): the page
 * title and a short explanation, with a way back to the dashboard.
 */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { routeKey, useRouteName } from '../use-route-name';

export interface NotBuiltPanelProps {
  /** The spec route name whose page this stands in for. */
  route: string;
  /** Shown inside a tab of a built page: no page title and no way back, only the notice. */
  inTab?: boolean;
}

/** A plain panel saying the page is not built yet. */
export function NotBuiltPanel({ route, inTab = false }: NotBuiltPanelProps) {
  const { t } = useTranslation('pages');
  const notice = (
    <Paper withBorder p="lg" radius="md" data-testid="not-built-panel">
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{t('not_built.heading')}</Text>
        <Text c="dimmed">{t('not_built.body')}</Text>
        {!inTab && (
          <Button component={Link} to="/dashboard" variant="light">
            {t('not_built.back')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
  if (inTab) return notice;
  return (
    <Stack gap="md" p={{ base: 'sm', sm: 'md' }} maw={900}>
      <Title order={1} fz="h2">
        {t(`titles.${routeKey(route)}`)}
      </Title>
      {notice}
    </Stack>
  );
}

/** The route page: the panel for whichever route is on screen. */
export default function NotBuiltPage() {
  const route = useRouteName() ?? 'dummy';
  return <NotBuiltPanel route={route} />;
}
