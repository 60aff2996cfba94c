/**
 * The create dialog of a personal API token (issue 19): a name, a lifetime and per area none,
 * read or read-write. Once created, the dialog shows the token's secret — the only time it is
 * ever shown — with a copy button and a clear warning, until the user closes it.
 */
import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { TOKEN_AREAS, scopeFor, type TokenArea, type TokenScope } from '@portside/contract/rules/api-token-scopes';
import { API_TOKEN_EXPIRY_CHOICES, API_TOKEN_LIMITS } from '@portside/contract/schemas/api-tokens';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { useCreateApiToken } from '../api/create-api-token';

type Level = 'none' | 'read' | 'write';
const NO_ACCESS: Record<TokenArea, Level> = { servers: 'none', network: 'none', billing: 'none', account: 'none' };

/** The scopes the chosen levels stand for (write implies read, so one scope per area). */
function scopesOf(levels: Record<TokenArea, Level>): TokenScope[] {
  return TOKEN_AREAS.flatMap((a) => {
    const level = levels[a];
    return level === 'none' ? [] : [scopeFor(a, level)];
  });
}

export interface CreateTokenDialogProps {
  opened: boolean;
  onClose: () => void;
}

export function CreateTokenDialog({ opened, onClose }: CreateTokenDialogProps) {
  const { t } = useTranslation(['tokens', 'common']);
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [days, setDays] = useState('90');
  const [levels, setLevels] = useState<Record<TokenArea, Level>>(NO_ACCESS);
  const [secret, setSecret] = useState<string | null>(null);
  const scopes = scopesOf(levels);
  const canCreate = name.trim() !== '' && scopes.length > 0 && !create.isPending;

  const close = () => {
    if (create.isPending) return;
    setName('');
    setDays('90');
    setLevels(NO_ACCESS);
    setSecret(null);
    create.reset();
    onClose();
  };
  const submit = () => {
    if (!canCreate) return;
    create.mutate(
      { p_name: name.trim(), p_scopes: scopes, p_expires_days: Number(days) },
      { onSuccess: (answer) => setSecret(answer.token) },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={secret ? t('tokens:created.title') : t('tokens:create.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      closeOnClickOutside={!secret}
      centered
      size="lg"
    >
      {secret ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" role="status" title={t('tokens:created.once_title')}>
            {t('tokens:created.once_body')}
          </Alert>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label={t('tokens:created.secret_label')}>
            {secret}
          </Code>
          <Group justify="space-between" wrap="wrap">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={<Icon name={copied ? 'check' : 'copy'} size={16} />} onClick={copy}>
                  {copied ? t('tokens:created.copied') : t('tokens:created.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{t('tokens:created.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t('tokens:create.name')}
              description={t('tokens:create.name_hint')}
              value={name}
              maxLength={API_TOKEN_LIMITS.nameMax}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              data-autofocus
            />
            <Select
              label={t('tokens:create.expiry')}
              value={days}
              onChange={(v) => v && setDays(v)}
              allowDeselect={false}
              data={API_TOKEN_EXPIRY_CHOICES.map((d) => ({ value: String(d), label: t('tokens:create.days', { count: d }) }))}
            />
            <Stack gap="xs">
              <Text fw={500} size="sm">
                {t('tokens:create.scopes')}
              </Text>
              {TOKEN_AREAS.map((area) => (
                <Radio.Group
                  key={area}
                  label={t(`tokens:areas.${area}`)}
                  description={t(`tokens:areas.${area}_hint`)}
                  value={levels[area]}
                  onChange={(v) => setLevels((l) => ({ ...l, [area]: v }))}
                >
                  <Group gap="md" mt={4} wrap="wrap">
                    <Radio value="none" label={t('tokens:levels.none')} />
                    <Radio value="read" label={t('tokens:levels.read')} />
                    <Radio value="write" label={t('tokens:levels.write')} />
                  </Group>
                </Radio.Group>
              ))}
              <Text size="xs" c="dimmed">
                {t('tokens:create.never')}
              </Text>
            </Stack>
            {create.error ? <ErrorAlert error={create.error} /> : null}
            <Group justify="flex-end" wrap="wrap">
              <Button variant="default" onClick={close} disabled={create.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" disabled={!canCreate} loading={create.isPending}>
                {t('tokens:create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
