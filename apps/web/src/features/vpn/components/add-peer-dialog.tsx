/**
 * 'Add peer' of a VPN server: a name for the device and its key — a key pair made in this browser
 * (WebCrypto X25519, the default where the browser can; the private key stays in this dialog and
 * goes only into the configuration shown next) or the device's own public key. The contract's rules
 * check both as typed; a name or key the server has already shows on its field. Once added, the
 * dialog shows the peer's configuration to copy, download or scan; closing it forgets the key.
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { LAYOUT } from '@portside/contract/constants';
import { vpnPeerAddSchema, type VpnPeerAddAnswer, type VpnServer } from '@portside/contract/schemas/vpn';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { translateKey, validationKey } from '../../../shared/forms/field-messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { canGenerateKeys, generateWireGuardKeyPair } from '../../../shared/wireguard/wg-keys';
import { useAddVpnPeer } from '../api/add-vpn-peer';
import { PeerConfig } from './peer-config';

type Field = 'p_name' | 'p_public_key';
const TAKEN = {
  VPN_PEER_NAME_TAKEN: ['p_name', 'errors:VPN_PEER_NAME_TAKEN'],
  VPN_PEER_KEY_TAKEN: ['p_public_key', 'errors:VPN_PEER_KEY_TAKEN'],
} as const;

/** The message key the contract's rule gives a field's value, as an i18n key, or undefined. */
function ruleError(field: Field, value: string): string | undefined {
  const r = vpnPeerAddSchema.shape[field].safeParse(value);
  return r.success ? undefined : validationKey(r.error.issues[0]?.message ?? 'invalid_data');
}

export function AddPeerDialog({ server, onClose }: { server: VpnServer | null; onClose: () => void }) {
  const { t } = useTranslation(['vpn', 'validation', 'errors', 'common']);
  const add = useAddVpnPeer();
  const browserKeys = canGenerateKeys();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'browser' | 'own'>(browserKeys ? 'browser' : 'own');
  const [ownKey, setOwnKey] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [genFailed, setGenFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ peer: VpnPeerAddAnswer; privateKey: string | null } | null>(null);

  const close = () => {
    if (busy) return;
    setName('');
    setOwnKey('');
    setErrors({});
    setGenFailed(false);
    setMade(null);
    add.reset();
    onClose();
  };

  const submit = async () => {
    if (!server) return;
    const found: Partial<Record<Field, string>> = { p_name: ruleError('p_name', name) };
    if (mode === 'own') found.p_public_key = ruleError('p_public_key', ownKey);
    setErrors(found);
    if (found.p_name || found.p_public_key) {
      document.getElementById(found.p_name ? 'vpn-peer-name' : 'vpn-peer-key')?.focus();
      return;
    }
    setBusy(true);
    setGenFailed(false);
    try {
      let privateKey: string | null = null;
      let publicKey = ownKey.trim();
      if (mode === 'browser') {
        try {
          const pair = await generateWireGuardKeyPair();
          [privateKey, publicKey] = [pair.privateKey, pair.publicKey];
        } catch {
          setGenFailed(true);
          setMode('own');
          return;
        }
      }
      const peer = await add.mutateAsync({
        p_provisioned_id: server.provisioned_id,
        p_name: name.trim(),
        p_public_key: publicKey,
      });
      setMade({ peer, privateKey });
      notifySuccess(t('vpn:add.added', { peer: peer.name, server: server.name }));
    } catch (e) {
      const mapped = fieldErrorsFromApi<Field>(e, TAKEN);
      if (mapped) setErrors(mapped);
    } finally {
      setBusy(false);
    }
  };

  const shownError = add.error && !fieldErrorsFromApi(add.error, TAKEN) ? add.error : null;
  const err = (f: Field) => (errors[f] ? translateKey(t, errors[f]) : undefined);

  return (
    <Modal
      opened={server !== null}
      onClose={close}
      title={made ? t('vpn:add.done_title', { peer: made.peer.name }) : t('vpn:add.title', { server: server?.name ?? '' })}
      size={LAYOUT.dialogWidthPx}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      closeOnClickOutside={!busy && !made}
    >
      {server && made ? (
        <Stack gap="md">
          <PeerConfig
            server={{ name: server.name, public_key: made.peer.server_public_key, endpoint: made.peer.endpoint }}
            peer={made.peer}
            privateKey={made.privateKey}
          />
          <Text size="sm" c="dimmed">
            {t('vpn:add.applying_note')}
          </Text>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              {t('vpn:add.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <TextInput
              id="vpn-peer-name"
              label={t('vpn:add.name_label')}
              description={t('vpn:add.name_hint')}
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                if (errors.p_name) setErrors((x) => ({ ...x, p_name: undefined }));
              }}
              onBlur={() => name && setErrors((x) => ({ ...x, p_name: ruleError('p_name', name) }))}
              error={err('p_name')}
              autoComplete="off"
              spellCheck={false}
              maxLength={32}
              aria-required
              data-autofocus
            />
            <Radio.Group label={t('vpn:add.key_label')} value={mode} onChange={(v) => setMode(v === 'own' ? 'own' : 'browser')}>
              <Stack gap="xs" mt="xs">
                {browserKeys && (
                  <Radio value="browser" label={t('vpn:add.key_browser')} description={t('vpn:add.key_browser_hint')} />
                )}
                <Radio value="own" label={t('vpn:add.key_own')} description={t('vpn:add.key_own_hint')} />
              </Stack>
            </Radio.Group>
            {genFailed && (
              <Alert color="yellow" variant="light">
                {t('vpn:add.generate_failed')}
              </Alert>
            )}
            {mode === 'own' && (
              <TextInput
                id="vpn-peer-key"
                label={t('vpn:add.public_key_label')}
                description={t('vpn:add.public_key_hint')}
                value={ownKey}
                onChange={(e) => {
                  setOwnKey(e.currentTarget.value);
                  if (errors.p_public_key) setErrors((x) => ({ ...x, p_public_key: undefined }));
                }}
                error={err('p_public_key')}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                aria-required
              />
            )}
            {shownError && <ErrorAlert error={shownError} />}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('vpn:add.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
