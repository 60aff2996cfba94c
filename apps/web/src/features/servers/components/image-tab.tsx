/**
 * The Image (ISO) tab (spec 1 §4 'Rules': an ISO is attached, booted, then detached; after detach
 * the user reboots now or later): the ISO image in the server's CD drive, a choice of the account's
 * ready images to attach (up to 10 minutes, with live progress), the boot hint and the detach flow.
 * Without vm-settings-image the tab says so and asks nothing.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { buildPath } from '@portside/contract/routes';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useMyIso } from '../../../shared/api/get-my-iso';
import { useClaim } from '../../../shared/session/use-claim';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useAttachIso } from '../api/attach-iso';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { dataActionBlock, IMAGE_KINDS, isMountOk } from '../lib/vm-data';
import { IsoDetachFlow } from './iso-detach-flow';
import { TabProgress } from './live-progress';
import { TabNoAccess } from './tab-no-access';

export default function ImageTab({ vm }: { vm: VmRow }) {
  const allowed = useClaim('vm-settings-image');
  if (!allowed) return <TabNoAccess claim="vm-settings-image" />;
  return <Image vm={vm} />;
}

function Image({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'common', 'users']);
  // MyIso is behind menu-see-custom-iso: without it the images cannot be listed (a 403 would end
  // the session), though the attached one can still be detached.
  const canList = useClaim('menu-see-custom-iso');
  const isos = useMyIso(canList);
  const attach = useAttachIso();
  const [progress, clearProgress] = useTabProgress(vm, IMAGE_KINDS);
  const [chosen, setChosen] = useState<string | null>(null);
  const [detaching, setDetaching] = useState(false);
  const ready = (isos.data ?? []).filter((i) => i.status === 'ready');
  const options = ready.map((i) => ({ value: String(i.id), label: i.file_name }));
  const attachBlock = dataActionBlock(vm, 'iso-attach');
  const detachBlock = dataActionBlock(vm, 'iso-detach');
  const attached = vm.iso_id !== null;

  // A mount counts as done only when its status is 'ok' (spec 1 §4).
  const doneText = progress?.kind === 'iso-mount' && isMountOk(progress.status) ? t('image.live.attached') : undefined;

  const submit = () => {
    if (!chosen || attachBlock) return;
    const name = ready.find((i) => String(i.id) === chosen)?.file_name ?? chosen;
    attach.mutate(
      { p_provisioned_id: vm.provisioned_id, p_iso: Number(chosen) },
      {
        onSuccess: () => {
          setChosen(null);
          notifySuccess(t('image.attach.sent', { name, server: vm.name }));
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={720}>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Icon name="disc" size={20} />
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {attached ? t('image.current', { name: vm.iso_name ?? String(vm.iso_id) }) : t('image.current_none')}
            </Text>
          </Group>
          {attached && <Text size="sm">{t('image.boot_hint')}</Text>}
          {attached && (
            <Group>
              <Button variant="light" color="red" onClick={() => setDetaching(true)} disabled={detachBlock !== null}>
                {t('image.detach.button')}
              </Button>
            </Group>
          )}
          {attached && detachBlock && (
            <Text size="sm" c="dimmed">
              {t(`blocked.${detachBlock}`)}
            </Text>
          )}
        </Stack>
      </Paper>
      <TabProgress vm={vm} progress={progress} doneText={doneText} onClose={clearProgress} />
      {!canList ? (
        <Alert color="gray" variant="light">
          {t('image.no_list_access', { permission: t('users:claims.menu-see-custom-iso') })}
        </Alert>
      ) : (
        <QueryState query={isos} loadingLabel={t('image.loading')}>
          {ready.length === 0 ? (
            <Alert color="gray" variant="light" title={t('image.none_title')}>
              <Stack gap={4} align="flex-start">
                <Text size="sm">{t('image.none_body')}</Text>
                <Anchor component={Link} to={buildPath('iso-image')} size="sm">
                  {t('image.manage_link')}
                </Anchor>
              </Stack>
            </Alert>
          ) : (
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                <Select
                  label={attached ? t('image.attach.replace_label') : t('image.attach.label')}
                  placeholder={t('image.attach.placeholder')}
                  data={options}
                  value={chosen}
                  onChange={(v) => {
                    setChosen(v);
                    attach.reset();
                  }}
                  searchable
                  nothingFoundMessage={t('image.attach.nothing_found')}
                  comboboxProps={{ withinPortal: true }}
                />
                <Text size="sm" c="dimmed">
                  {t('image.attach.duration')}
                </Text>
                {attachBlock && (
                  <Text size="sm" c="dimmed">
                    {t(`blocked.${attachBlock}`)}
                  </Text>
                )}
                <ErrorAlert error={attach.error} />
                <Group justify="space-between" wrap="wrap">
                  <Button onClick={submit} disabled={!chosen || attachBlock !== null} loading={attach.isPending}>
                    {t('image.attach.submit')}
                  </Button>
                  <Anchor component={Link} to={buildPath('iso-image')} size="sm">
                    {t('image.manage_link')}
                  </Anchor>
                </Group>
              </Stack>
            </Paper>
          )}
        </QueryState>
      )}
      <IsoDetachFlow vm={vm} opened={detaching} onClose={() => setDetaching(false)} />
    </Stack>
  );
}
