/**
 * The dialogs of an address on /routers-ips that take input: reserve it for a MAC (with a
 * comment), change a reservation's comment, give it to an account (by the account's id). Each
 * field is checked with the contract's schema as the server checks it (after a first try), the
 * server's refusal shows in the dialog, and a green notice says what was done.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { DHCP_COMMENT_MAX } from '@portside/contract/rules/routers';
import { dhcpAssignSchema, dhcpCommentSchema, ipUpdateClientSchema, type RouterIpRow } from '@portside/contract/schemas/routers';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useAssignMac } from '../api/assign-mac';
import { useSetIpClient } from '../api/set-ip-client';
import { useUpdateDhcpComment } from '../api/update-dhcp-comment';

export type IpEditMode = 'assign' | 'comment' | 'client';

export interface IpEditDialogProps {
  row: RouterIpRow;
  mode: IpEditMode;
  onClose: () => void;
}

/** The message key of the first issue of `field`, if the body fails. */
function issueOf(r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) {
  return r.success ? null : (r.error?.issues.find((i) => i.path[0] === field)?.message ?? null);
}

export function IpEditDialog({ row, mode, onClose }: IpEditDialogProps) {
  const { t } = useTranslation(['routers', 'validation', 'common']);
  const assign = useAssignMac();
  const comment = useUpdateDhcpComment();
  const client = useSetIpClient();
  const call = mode === 'assign' ? assign : mode === 'comment' ? comment : client;
  const [mac, setMac] = useState('');
  const [text, setText] = useState(mode === 'comment' ? (row.comment ?? '') : '');
  const [account, setAccount] = useState('');
  const [tried, setTried] = useState(false);

  const body =
    mode === 'assign'
      ? dhcpAssignSchema.safeParse({ p_subnet: row.subnet, p_ip: row.address, p_mac: mac, p_comment: text })
      : mode === 'comment'
        ? dhcpCommentSchema.safeParse({ p_subnet: row.subnet, p_mac: row.mac ?? '', p_comment: text })
        : ipUpdateClientSchema.safeParse({ p_ip: row.address, p_client: account.trim() });
  const shown = (field: string) => {
    const key = tried ? issueOf(body, field) : null;
    return key ? t(`validation:${key}`) : undefined;
  };

  const submit = () => {
    setTried(true);
    if (!body.success || call.isPending) return;
    const done = () => {
      notifySuccess(t(`ips.done_${mode}`, { address: row.address }));
      onClose();
    };
    if (mode === 'assign') assign.mutate(body.data as Parameters<typeof assign.mutate>[0], { onSuccess: done });
    else if (mode === 'comment') comment.mutate(body.data as Parameters<typeof comment.mutate>[0], { onSuccess: done });
    else client.mutate(body.data as Parameters<typeof client.mutate>[0], { onSuccess: done });
  };

  return (
    <Modal
      opened
      onClose={() => !call.isPending && onClose()}
      title={t(`ips.title_${mode}`, { address: row.address })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t(`ips.intro_${mode}`, { address: row.address, router: row.router_name })}
          </Text>
          {mode === 'assign' && (
            <TextInput
              label={t('ips.mac')}
              placeholder="AA:BB:CC:DD:EE:FF"
              value={mac}
              onChange={(e) => setMac(e.currentTarget.value)}
              error={shown('p_mac')}
              required
              data-autofocus
              ff="monospace"
            />
          )}
          {mode !== 'client' && (
            <TextInput
              label={t('ips.comment')}
              description={t('ips.comment_hint', { max: DHCP_COMMENT_MAX })}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={shown('p_comment')}
              maxLength={DHCP_COMMENT_MAX + 20}
              {...(mode === 'comment' ? { 'data-autofocus': true } : {})}
            />
          )}
          {mode === 'client' && (
            <TextInput
              label={t('ips.account')}
              description={t('ips.account_hint')}
              value={account}
              onChange={(e) => setAccount(e.currentTarget.value)}
              error={shown('p_client') && t('ips.account_invalid')}
              required
              data-autofocus
              ff="monospace"
            />
          )}
          {call.error && <ErrorAlert error={call.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={call.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={call.isPending}>
              {t(`ips.submit_${mode}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
