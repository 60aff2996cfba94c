/**
 * The three sections of the search overlay: servers grouped by project, IP sets and users. Each
 * shows a spinner while loading, its failure with Try again, and 'no items available' only when
 * the answer is empty.
 */
import type { ReactNode } from 'react';
import { Group, Loader, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import { groupServersByProject } from '@portside/contract/rules/search-filter';
import { QueryState } from '../../../shared/ui/query-state';
import type { IpsetHit, SearchResults, SearchSection, ServerHit, UserHit } from '../lib/types';

function Section<T>({
  id,
  title,
  section,
  children,
}: {
  id: string;
  title: string;
  section: SearchSection<T>;
  children: (items: readonly T[]) => ReactNode;
}) {
  const { t } = useTranslation('shell');
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Title order={2} fz="h5" id={id} mb="xs">
        {title}
      </Title>
      <QueryState
        query={section.query ?? { isPending: section.loading, error: null, refetch: () => Promise.resolve() }}
        loadingLabel={t('search.loading', { section: title })}
        // A spinner while the section loads (spec 1 §2 Modals: each section has a loading spinner).
        skeleton={
          <Group justify="center" py="xs">
            <Loader size="sm" />
          </Group>
        }
        isEmpty={() => section.items.length === 0}
        empty={
          <Text c="dimmed" size="sm">
            {t('search.no_items')}
          </Text>
        }
      >
        {children(section.items)}
      </QueryState>
    </Paper>
  );
}

export function SearchSections({ results, onPick }: { results: SearchResults; onPick: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="md">
      <Section id="search-servers" title={t('search.servers')} section={results.servers}>
        {(items: readonly ServerHit[]) =>
          groupServersByProject(items, t('search.no_project')).map((group) => (
            <Stack key={group.key} gap={2} mb="xs" role="group" aria-label={group.label}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" aria-hidden>
                {group.label}
              </Text>
              {group.servers.map((s) => (
                <NavLink
                  key={s.provisioned_id}
                  component={Link}
                  to={buildPath('server_details', { provisioned_id: s.provisioned_id })}
                  label={s.name}
                  description={[s.model_name, ...(s.ip?.split(' ') ?? [])].filter(Boolean).join(' · ') || undefined}
                  onClick={onPick}
                />
              ))}
            </Stack>
          ))
        }
      </Section>
      <Section id="search-ipsets" title={t('search.ipsets')} section={results.ipsets}>
        {(items: readonly IpsetHit[]) =>
          items.map((i) => (
            <NavLink
              key={i.ipset}
              component={Link}
              to={buildPath('ipsets-item', { ipset_from_url: i.ipset })}
              label={i.name}
              description={i.comment || undefined}
              onClick={onPick}
            />
          ))
        }
      </Section>
      <Section id="search-users" title={t('search.users')} section={results.users}>
        {(items: readonly UserHit[]) =>
          items.map((u) => (
            <NavLink
              key={u.email}
              component={Link}
              to={buildPath('users-item', { username: u.email.toLowerCase() })}
              label={u.email}
              description={u.client ? t('search.client', { code: u.client }) : undefined}
              onClick={onPick}
            />
          ))
        }
      </Section>
    </Stack>
  );
}
