/**
 * IPMI access over WireGuard (spec 1 §2, issue 17): the BMC is reachable only through a tunnel
 * from the customer's own machine. A switch turns access on (turning it off asks first: a tunnel
 * in use drops); the customer's public key is set here — typed, or made by a key pair generated in
 * this browser whose private key never leaves it — and once the tunnel exists its wg-quick
 * configuration is offered, with where the BMC answers inside it and the ILO password modal.
 */
import { useState } from 'react';
import { Alert, Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ILO_CUSTOMER_LOGIN, type ServerStats } from '@portside/contract/schemas/dedicated';
import { isWireGuardPublicKey } from '@portside/contract/rules/wireguard';
import { fieldKeyOf } from '../../../shared/forms/server-field-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';
import { useSetWgPubkey } from '../api/set-wg-pubkey';
import { useUpdateIpmiAccess } from '../api/update-ipmi-access';
import { canGenerateKeys, generateWireGuardKeyPair, type WireGuardKeyPair } from '../lib/wg-keys';
import { IloPasswordDialog } from './ilo-password-dialog';
import { Section } from './section';
import { WgConfig } from './wg-config';

export function IpmiAccess({ server }: { server: ServerStats }) {
  const { t } = useTranslation(['dedicated', 'validation', 'common']);
  const notice = useApiErrorNotice();
  const access = useUpdateIpmiAccess(server.serial);
  const setKey = useSetWgPubkey(server.serial);
  const [askOff, setAskOff] = useState(false);
  const [iloOpen, setIloOpen] = useState(false);
  const [key, setKeyText] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [pair, setPair] = useState<WireGuardKeyPair | null>(null);
  const [genError, setGenError] = useState(false);

  const keyText = key ?? server.wg_pubkey ?? '';
  const ruleKey = isWireGuardPublicKey(keyText.trim()) ? null : 'wg_pubkey_invalid';
  const serverKey = setKey.error ? fieldKeyOf(setKey.error, 'p_pubkey') : null;
  const keyError = (tried && ruleKey) || serverKey;
  const privateKey = pair && server.wg_pubkey === pair.publicKey ? pair.privateKey : null;

  const turn = (enabled: boolean) =>
    access.mutate(enabled, {
      onSuccess: () => {
        setAskOff(false);
        notifySuccess(enabled ? t('ipmi.turned_on') : t('ipmi.turned_off'));
      },
      onError: (e) => {
        if (enabled) notice(e);
      },
    });
  const saveKey = () => {
    setTried(true);
    if (ruleKey) return;
    setKey.mutate(keyText.trim(), {
      onSuccess: () => {
        setKeyText(null);
        setTried(false);
        notifySuccess(t('wg.key_saved'));
      },
    });
  };
  const generate = async () => {
    setGenError(false);
    try {
      const made = await generateWireGuardKeyPair();
      setPair(made);
      setKeyText(made.publicKey);
      setKey.reset();
    } catch {
      setGenError(true);
    }
  };

  return (
    <Section id="ipmi" title={t('ipmi.title')} subtitle={t('ipmi.subtitle')}>
      <Switch
        label={t('ipmi.switch')}
        description={server.ipmi_access ? t('ipmi.on_note') : t('ipmi.off_note')}
        checked={server.ipmi_access}
        disabled={access.isPending}
        onChange={(e) => {
          if (e.currentTarget.checked) return turn(true);
          access.reset();
          setAskOff(true);
        }}
      />
      {server.ipmi_access && (
        <Stack gap="sm">
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              saveKey();
            }}
          >
            <Stack gap="xs">
              <TextInput
                label={t('wg.key_label')}
                description={t('wg.key_hint')}
                value={keyText}
                onChange={(e) => {
                  setKeyText(e.currentTarget.value);
                  if (setKey.error) setKey.reset();
                }}
                error={keyError ? t(`validation:${keyError}`) : undefined}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                spellCheck={false}
                autoComplete="off"
                maxLength={64}
              />
              <Group gap="xs" wrap="wrap">
                <Button type="submit" size="xs" loading={setKey.isPending} disabled={keyText.trim() === (server.wg_pubkey ?? '')}>
                  {t('wg.save_key')}
                </Button>
                {canGenerateKeys() && (
                  <Button size="xs" variant="light" onClick={() => void generate()}>
                    {t('wg.generate')}
                  </Button>
                )}
              </Group>
              {pair && keyText.trim() === pair.publicKey && server.wg_pubkey !== pair.publicKey && (
                <Text size="sm" c="dimmed">
                  {t('wg.generated_note')}
                </Text>
              )}
              {genError && (
                <Alert color="yellow" variant="light">
                  {t('wg.generate_failed')}
                </Alert>
              )}
              {setKey.error && !serverKey ? <ErrorAlert error={setKey.error} /> : null}
            </Stack>
          </form>
          {server.ipmi_tunnel ? (
            <>
              <WgConfig tunnel={server.ipmi_tunnel} hostname={server.hostname} privateKey={privateKey} />
              <Text size="sm">
                {t('ipmi.reach', { address: server.ilo_ip ?? '—', login: server.ilo_login ?? ILO_CUSTOMER_LOGIN })}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('ipmi.needs_key')}
            </Text>
          )}
        </Stack>
      )}
      <Group>
        <Button variant="default" size="xs" onClick={() => setIloOpen(true)}>
          {t('ilo.open')}
        </Button>
      </Group>
      <IloPasswordDialog
        serial={server.serial}
        hostname={server.hostname}
        login={server.ilo_login}
        opened={iloOpen}
        onClose={() => setIloOpen(false)}
      />
      <ConfirmDialog
        opened={askOff}
        title={t('ipmi.off_title', { hostname: server.hostname })}
        confirmLabel={t('ipmi.off_confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={() => turn(false)}
        onClose={() => setAskOff(false)}
        loading={access.isPending}
        error={askOff && access.error ? <ErrorAlert error={access.error} /> : null}
      >
        <Text>{t('ipmi.off_body')}</Text>
      </ConfirmDialog>
    </Section>
  );
}
