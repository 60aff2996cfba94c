/**
 * The one loading / error / empty state of a list or card (it replaced a dozen hand-written
 * copies): given the TanStack query result (or several) a section shows, it renders a skeleton
 * until they have answered, the error with a Retry button that asks the failed ones again, the
 * empty state only for a real answer with nothing in it, and otherwise its children.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';
import { hideAfterMarker } from '@portside/contract/rules/error-presentation';
import { errorHtml } from '../api/client';
import { Icon, type IconName } from './icons';
import { queryStatus, retryFailed, type QueryLike } from './query-status';
import { SafeHtml } from './safe-html';
import { useSpaLinks } from './spa-links';

/** A query result as the section reads it: its state, and whether it is being asked again. */
type Watched = QueryLike & { isFetching?: boolean };

function isList(q: Watched | readonly Watched[]): q is readonly Watched[] {
  return Array.isArray(q);
}

export interface QueryStateProps {
  /** The query the section shows, or all of them (it waits for every one). */
  query: Watched | readonly Watched[];
  /** The accessible name of the skeleton, e.g. 'Loading projects…'. */
  loadingLabel: string;
  /** Whether the answer holds nothing; asked only once every query has answered. */
  isEmpty?: () => boolean;
  /** What a real empty answer shows (usually an {@link EmptyState}); nothing when left out. */
  empty?: ReactNode;
  /** Skeleton lines while loading (3), or a skeleton of the section's own shape. */
  skeleton?: number | ReactNode;
  children: ReactNode;
}

export function QueryState({ query, loadingLabel, isEmpty, empty, skeleton = 3, children }: QueryStateProps) {
  const { t } = useTranslation(['common', 'errors', 'validation']);
  const onLinkClick = useSpaLinks();
  const queries = isList(query) ? query : [query];
  const status = queryStatus(queries, isEmpty ?? (() => false));
  if (status.kind === 'pending') {
    return (
      <Stack gap="xs" py="sm" role="progressbar" aria-busy="true" aria-label={loadingLabel}>
        {typeof skeleton === 'number'
          ? Array.from({ length: skeleton }, (_, i) => <Skeleton key={i} h={28} radius="sm" />)
          : skeleton}
      </Stack>
    );
  }
  if (status.kind === 'error') {
    const retrying = queries.some((q) => q.error != null && q.isFetching === true);
    return (
      <Alert color="red" variant="light" role="alert" title={t('common:query_state.failed')}>
        <Stack gap="xs" align="flex-start">
          {/* As ErrorAlert shows an API error: the client's presentation, text after ':::' hidden. */}
          <SafeHtml html={hideAfterMarker(errorHtml(status.error, t))} onClick={onLinkClick} />
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={retrying}
            leftSection={<Icon name="refresh" size={14} />}
            onClick={() => void retryFailed(queries)}
          >
            {t('common:actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (status.kind === 'empty') return <>{empty}</>;
  return <>{children}</>;
}

export interface EmptyStateProps {
  icon?: IconName;
  title: ReactNode;
  body?: ReactNode;
  /** Something to do about it (e.g. an 'Order a server' link). */
  action?: ReactNode;
}

/** The empty state of a list: an icon, what is missing, and what to do about it. */
export function EmptyState({ icon, title, body, action }: EmptyStateProps) {
  return (
    <Stack align="center" ta="center" gap={4} py="xl" c="dimmed">
      {icon && <Icon name={icon} size={40} stroke={1.2} />}
      <Text fw={600} c="var(--mantine-color-text)">
        {title}
      </Text>
      {body && <Text size="sm">{body}</Text>}
      {action && (
        <Group justify="center" mt="xs">
          {action}
        </Group>
      )}
    </Stack>
  );
}
