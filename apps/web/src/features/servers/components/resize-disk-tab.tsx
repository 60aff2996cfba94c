/**
 * The Resize disk tab (spec 1 §4 'A disk resize only grows and is scheduled', §5 'Disk resize',
 * spec 2 §8 'Disk and model', §9 'Disk'): the disk's new total size, refused before asking with the
 * spec's messages (resizeBlock: lower, above 1000 GB — more by a free manual migration — or not a
 * whole number) and again from the server's answer; the price per GB and the prorated charge, a
 * confirmation, and 'disk resize to N GB scheduled' while it runs.
 * A change that costs money: only for users who may order and pay (billing-manage).
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { MAX_DISK_GB } from '@portside/contract/rules/vm-lifecycle';
import type { VmRow } from '@portside/contract/schemas/vms';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { useResizeVm } from '../api/resize-vm';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { dataActionBlock } from '../lib/vm-data';
import { diskSizeOf, resizeCharge, RESIZE_KINDS, resizeSchemaFor, utcToday } from '../lib/vm-lifecycle';
import { TabProgress } from './live-progress';
import { TabNoAccess } from './tab-no-access';
import { ProratedCharge } from './prorated-charge';

type Field = 'p_disk_gb';
const EMPTY: Record<Field, string> = { p_disk_gb: '' };
const CODE_FIELDS = {
  DISK_NOT_HIGHER: ['p_disk_gb', 'validation:disk_not_higher'],
  DISK_MAX_EXCEEDED: ['p_disk_gb', 'validation:disk_max_exceeded'],
} as const;

export default function ResizeDiskTab({ vm }: { vm: VmRow }) {
  const allowed = useClaim('billing-manage');
  if (!allowed) return <TabNoAccess claim="billing-manage" />;
  return <ResizeDisk vm={vm} />;
}

function ResizeDisk({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'common', 'validation']);
  const money = useMoney();
  const schema = useMemo(() => resizeSchemaFor(vm.disk_gb), [vm.disk_gb]);
  const toBody = (v: Record<Field, string>) => ({ p_provisioned_id: vm.provisioned_id, p_disk_gb: diskSizeOf(v.p_disk_gb) });
  const form = useSchemaForm('resize-disk', schema, EMPTY, toBody);
  const resize = useResizeVm();
  const [progress, clearProgress] = useTabProgress(vm, RESIZE_KINDS);
  const [asking, setAsking] = useState<number | null>(null);
  // The size just asked for: shown as scheduled from the call's answer on, until the list has the
  // operation (resize_to_gb), the disk has grown, or the operation failed.
  const [sent, setSent] = useState<number | null>(null);
  const scheduled = vm.resize_to_gb ?? (sent !== null && vm.disk_gb < sent && progress?.phase !== 'error' ? sent : null);
  const block = dataActionBlock(vm, 'resize');
  const perGb = vm.cost_breakdown?.additional_disk_cost_per_gb ?? null;
  const typed = diskSizeOf(form.values.p_disk_gb);
  const valid = !form.errors.p_disk_gb && Number.isInteger(typed) && typed > vm.disk_gb && typed <= MAX_DISK_GB;
  const charge = (gb: number) => (perGb !== null ? resizeCharge(vm.disk_gb, gb, perGb, utcToday()) : null);
  const error = form.errors.p_disk_gb;

  const submit = form.handleSubmit((body) => {
    resize.reset();
    setAsking(body.p_disk_gb);
  });
  const close = () => {
    resize.reset();
    setAsking(null);
  };
  const confirm = () =>
    asking !== null &&
    resize.mutate(
      { p_provisioned_id: vm.provisioned_id, p_disk_gb: asking },
      {
        onSuccess: () => {
          setSent(asking);
          notifySuccess(t('resize.sent', { name: vm.name, gb: asking }));
          form.reset(EMPTY);
          setAsking(null);
        },
        onError: (e) => {
          const fields = fieldErrorsFromApi<Field>(e, CODE_FIELDS);
          if (fields) {
            form.setErrors(fields);
            close();
          }
        },
      },
    );

  const shown = valid ? charge(typed) : null;
  const asked = asking !== null ? charge(asking) : null;

  return (
    <Stack gap="md" maw={640}>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="resize-title">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <div>
              <Title order={2} fz="h4" id="resize-title">
                {t('resize.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('resize.intro', { max: MAX_DISK_GB })}
              </Text>
            </div>
            <Text size="sm">{t('resize.current', { gb: vm.disk_gb })}</Text>
            {scheduled !== null && (
              <Alert color="blue" variant="light" role="status">
                {t('resize.scheduled', { gb: scheduled })}
              </Alert>
            )}
            <TextInput
              {...form.bind('p_disk_gb')}
              label={t('resize.size_label')}
              description={t('resize.size_hint', { current: vm.disk_gb, max: MAX_DISK_GB })}
              inputMode="numeric"
              autoComplete="off"
              rightSection={
                <Text size="sm" c="dimmed">
                  GB
                </Text>
              }
              rightSectionPointerEvents="none"
              error={error ? translateKey(t, error) : undefined}
              required
              maw={320}
            />
            {error === 'validation:disk_max_exceeded' && (
              <Alert color="yellow" variant="light">
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{t('resize.migration', { max: MAX_DISK_GB })}</Text>
                  <Anchor component={Link} to={buildPath('tickets')} size="sm">
                    {t('resize.open_ticket')}
                  </Anchor>
                </Stack>
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {perGb !== null ? t('resize.price_per_gb', { price: money(perGb) }) : t('resize.price_unknown')}
            </Text>
            {shown && (
              <Stack gap={2}>
                <Text size="sm">{t('resize.adds', { gb: typed - vm.disk_gb, price: money(shown.monthlyCents) })}</Text>
                <ProratedCharge cents={shown.cents} days={shown.days} from={shown.from} to={shown.to} />
              </Stack>
            )}
            {block && (
              <Text size="sm" c="dimmed">
                {t(`blocked.${block}`)}
              </Text>
            )}
            <Group>
              <Button type="submit" disabled={block !== null}>
                {t('resize.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <TabProgress vm={vm} progress={progress} onClose={clearProgress} />
      <ConfirmDialog
        opened={asking !== null}
        title={t('resize.confirm_title', { name: vm.name, gb: asking ?? 0 })}
        confirmLabel={t('resize.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={confirm}
        onClose={close}
        loading={resize.isPending}
        error={<ErrorAlert error={resize.error} />}
      >
        <Stack gap="xs">
          <Text size="sm">{t('resize.confirm_body', { from: vm.disk_gb, to: asking ?? 0 })}</Text>
          {asked && asking !== null && (
            <>
              <Text size="sm">{t('resize.adds', { gb: asking - vm.disk_gb, price: money(asked.monthlyCents) })}</Text>
              <ProratedCharge cents={asked.cents} days={asked.days} from={asked.from} to={asked.to} />
            </>
          )}
          <Alert color="yellow" variant="light">
            {t('resize.confirm_note')}
          </Alert>
        </Stack>
      </ConfirmDialog>
    </Stack>
  );
}
