/**
 * Personal API tokens in Settings (issue 19): the tokens the user may see — their own, and for
 * the owner every user's of the account — with name, first characters, scopes, expiry and last
 * use; creating one (shown once) and revoking one after a confirmation. Scripts send a token as
 * `Authorization: Bearer pst_...` (docs/api.md).
 */
import { useState } from 'react';
import { Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { MyApiToken } from '@portside/contract/schemas/api-tokens';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { Pager } from '../../../shared/ui/pager';
import { QueryState } from '../../../shared/ui/query-state';
import { useMyApiTokens } from '../api/get-my-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { CreateTokenDialog } from './create-token-dialog';

const PAGE_SIZE = 10;

interface TokenItemProps {
  token: MyApiToken;
  showUser: boolean;
  onRevoke: () => void;
}

function TokenItem({ token, showUser, onRevoke }: TokenItemProps) {
  const { t } = useTranslation('tokens');
  const format = useDateFormat();
  const expired = Date.parse(token.expires_at) <= Date.now();
  const live = !token.revoked_at && !expired;
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="api-token">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 14rem' }}>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            <Code>{`${token.prefix}…`}</Code>
            {token.revoked_at ? (
              <Badge variant="light" color="gray">
                {t('list.revoked')}
              </Badge>
            ) : expired ? (
              <Badge variant="light" color="orange">
                {t('list.expired')}
              </Badge>
            ) : null}
          </Group>
          {showUser && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('list.user', { email: token.user_email })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('list.scopes', { scopes: token.scopes.map((s) => t(`scopes.${s.replace(':', '_')}`)).join(', ') })}
          </Text>
          <Text size="sm" c="dimmed">
            {token.revoked_at
              ? t('list.revoked_at', { time: format(token.revoked_at) })
              : t('list.expires', { time: format(token.expires_at) })}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {token.last_used_at
              ? t('list.last_used', { time: format(token.last_used_at), ip: token.last_used_ip ?? '–' })
              : t('list.never_used')}
          </Text>
        </Stack>
        {live && (
          <Button
            variant="light"
            color="red"
            size="xs"
            onClick={onRevoke}
            aria-label={t('list.revoke_label', { name: token.name })}
          >
            {t('list.revoke')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

export function ApiTokensSection() {
  const { t } = useTranslation(['tokens', 'common']);
  const tokens = useMyApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<MyApiToken | null>(null);
  const [page, setPage] = useState(1);

  const rows = tokens.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);
  const showUser = new Set(rows.map((r) => r.user_id)).size > 1;
  const closeRevoke = () => {
    setRevoking(null);
    revoke.reset();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="api-tokens-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="api-tokens-title">
            {t('tokens:title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {t('tokens:intro')}
          </Text>
        </div>
        <QueryState
          query={tokens}
          loadingLabel={t('tokens:loading')}
          skeleton={2}
          isEmpty={() => rows.length === 0}
          empty={
            <Text size="sm" c="dimmed">
              {t('tokens:empty')}
            </Text>
          }
        >
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('tokens:list.label')}>
            {shown.map((tok) => (
              <TokenItem key={tok.id} token={tok} showUser={showUser} onRevoke={() => setRevoking(tok)} />
            ))}
          </Stack>
          <Pager page={Math.min(page, pages)} pages={pages} onChange={setPage} label={t('tokens:list.pages')} />
        </QueryState>
        <div>
          <Button onClick={() => setCreating(true)}>{t('tokens:create.open')}</Button>
        </div>
      </Stack>

      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('tokens:revoke.title')}
        confirmLabel={t('tokens:revoke.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        loading={revoke.isPending}
        error={revoke.error ? <ErrorAlert error={revoke.error} /> : null}
        onClose={closeRevoke}
        onConfirm={() => {
          if (!revoking) return;
          const { name } = revoking;
          revoke.mutate(
            { p_id: revoking.id },
            {
              onSuccess: () => {
                closeRevoke();
                notifySuccess(t('tokens:revoke.done', { name }));
              },
            },
          );
        }}
      >
        <Text size="sm">{t('tokens:revoke.body', { name: revoking?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Paper>
  );
}
