/**
 * The Rebuild tab (spec 1 §4 Lock 'Rebuild ... need it unlocked'; VmReformat): the server erased
 * and installed anew from a system image (a Windows image needs a 'dedicated core — Windows
 * optimised' model, as in the order builder), with the project's SSH keys and a new root password.
 * Typing the server's name is the confirmation ('The name typed is not the server's name'). It
 * erases the server like a deletion: only for users holding vm-settings-delete.
 */
import { useMemo } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { findVmImage } from '@portside/contract/images';
import { ROOT_PASSWORD_MIN } from '@portside/contract/schemas/vm-lifecycle';
import type { VmRow } from '@portside/contract/schemas/vms';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { useRebuildVm } from '../api/rebuild-vm';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { dataActionBlock } from '../lib/vm-data';
import { REBUILD_KINDS, rebuildImages, rebuildSchemaFor, rootUserOf } from '../lib/vm-lifecycle';
import { TabProgress } from './live-progress';
import { TabNoAccess } from './tab-no-access';

type Field = 'p_image' | 'p_name_confirm' | 'p_password' | 'p_password_confirm';
const CODE_FIELDS = { NAME_CONFIRM_MISMATCH: ['p_name_confirm', 'validation:name_confirm_mismatch'] } as const;

export default function RebuildTab({ vm }: { vm: VmRow }) {
  const allowed = useClaim('vm-settings-delete');
  if (!allowed) return <TabNoAccess claim="vm-settings-delete" />;
  return <Rebuild vm={vm} />;
}

function Rebuild({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'validation']);
  const images = rebuildImages(vm);
  const firstFit = images.find((i) => i.block === null)?.image.id ?? '';
  const own = images.find((i) => i.image.id === vm.image && i.block === null)?.image.id;
  const empty: Record<Field, string> = { p_image: own ?? firstFit, p_name_confirm: '', p_password: '', p_password_confirm: '' };
  const schema = useMemo(() => rebuildSchemaFor(vm.name), [vm.name]);
  const toBody = (v: Record<Field, string>) => ({
    ...v,
    p_name_confirm: v.p_name_confirm.trim(),
    p_provisioned_id: vm.provisioned_id,
  });
  const form = useSchemaForm('rebuild', schema, empty, toBody);
  const rebuild = useRebuildVm();
  const [progress, clearProgress] = useTabProgress(vm, REBUILD_KINDS);
  const block = dataActionBlock(vm, 'rebuild');
  const image = findVmImage(form.values.p_image);
  const user = rootUserOf(form.values.p_image);
  const error = (name: Field) => (form.errors[name] ? translateKey(t, form.errors[name]) : undefined);

  const submit = form.handleSubmit((body) => {
    rebuild.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('rebuild.sent', { name: vm.name, image: image?.name ?? body.p_image }));
        form.reset(empty);
      },
      onError: (e) => {
        const fields = fieldErrorsFromApi<Field>(e, CODE_FIELDS);
        if (fields) form.setErrors(fields);
      },
    });
  });
  const general = rebuild.error && !fieldErrorsFromApi(rebuild.error, CODE_FIELDS) ? rebuild.error : null;

  const options = images.map(({ image: i, block: b }) => ({
    value: i.id,
    label: b ? t(`rebuild.image_blocked.${b}`, { image: i.name, gb: i.minDiskGb }) : i.name,
    disabled: b !== null,
  }));
  const password = (name: 'p_password' | 'p_password_confirm', label: string, description?: string) => (
    <PasswordInput
      {...form.bind(name)}
      label={label}
      description={description}
      autoComplete="new-password"
      required
      error={error(name)}
      visibilityToggleButtonProps={{ 'aria-label': t('root_password.toggle_visibility') }}
    />
  );

  return (
    <Stack gap="md" maw={640}>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="rebuild-title">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={2} fz="h4" id="rebuild-title">
                {t('rebuild.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('rebuild.intro')}
              </Text>
            </div>
            <Alert color="red" variant="light" icon={<Icon name="alert" />} title={t('rebuild.erase_title')}>
              {t('rebuild.erase_body', { name: vm.name })}
            </Alert>
            {general ? <ErrorAlert error={general} /> : null}
            <Select
              {...form.bind('p_image')}
              onChange={(v) => form.setValue('p_image', v ?? '')}
              label={t('rebuild.image_label')}
              data={options}
              allowDeselect={false}
              required
              error={error('p_image')}
              comboboxProps={{ withinPortal: true }}
            />
            {options.some((o) => o.disabled) && (
              <Text size="xs" c="dimmed">
                {t('rebuild.windows_note')}
              </Text>
            )}
            <Text size="sm">
              {vm.project_name ? t('rebuild.keys', { project: vm.project_name, user }) : t('rebuild.keys_no_project', { user })}
            </Text>
            {password('p_password', t('rebuild.password', { user }), t('root_password.hint', { min: ROOT_PASSWORD_MIN }))}
            {password('p_password_confirm', t('rebuild.password_confirm', { user }))}
            <TextInput
              {...form.bind('p_name_confirm')}
              label={t('rebuild.name_label', { name: vm.name })}
              description={t('rebuild.name_hint')}
              autoComplete="off"
              spellCheck={false}
              required
              error={error('p_name_confirm')}
            />
            {block && (
              <Text size="sm" c="dimmed">
                {t(`blocked.${block}`)}
              </Text>
            )}
            <Group>
              <Button type="submit" color="red" loading={rebuild.isPending} disabled={block !== null}>
                {t('rebuild.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <TabProgress vm={vm} progress={progress} onClose={clearProgress} />
    </Stack>
  );
}
