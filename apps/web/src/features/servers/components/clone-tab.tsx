/**
 * The Clone tab (spec 1 §4 Lock 'clone ... need it unlocked'; VmClone): a new server copied from
 * this one, in its location, with the same model or a higher one (the server's own and
 * VmUpgradeGetModels' list), a name and a project; ordered and paid like any server, so only for
 * users who may order (billing-manage), and followed like a restore to a new server (clone-order).
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import { vmCloneSchema } from '@portside/contract/schemas/vm-lifecycle';
import type { VmRow } from '@portside/contract/schemas/vms';
import { useProjectChoices } from '../../../shared/api/get-my-projects';
import { translateKey } from '../../../shared/forms/field-messages';
import { fieldErrorsFromApi } from '../../../shared/forms/server-field-errors';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useLocationName } from '../../../shared/format/use-location-name';
import { useMoney } from '../../../shared/format/use-money';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { notifySuccess } from '../../../shared/ui/notify';
import { QueryState } from '../../../shared/ui/query-state';
import { useCloneVm } from '../api/clone-vm';
import { useUpgradeModels } from '../api/get-upgrade-models';
import { cloneNameOf, dataActionBlock, newOrderKey, type ClonePaymentMethod } from '../lib/vm-data';
import { cloneModels } from '../lib/vm-lifecycle';
import { PaymentMethodChoice, useFollowCloneOrder } from './clone-order';
import { TabNoAccess } from './tab-no-access';

type Field = 'p_name' | 'p_model_id' | 'p_project';

export default function CloneTab({ vm }: { vm: VmRow }) {
  // A copy is a new server, ordered and paid: only for users who may order.
  const allowed = useClaim('billing-manage');
  if (!allowed) return <TabNoAccess claim="billing-manage" />;
  return <Clone vm={vm} />;
}

function Clone({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['servers', 'validation']);
  const money = useMoney();
  const locationName = useLocationName();
  const upgrades = useUpgradeModels(vm.provisioned_id);
  const projects = useProjectChoices();
  const clone = useCloneVm();
  const follow = useFollowCloneOrder();
  const [method, setMethod] = useState<ClonePaymentMethod>('card');
  // One order key per copy: a repeated click or a retry after a lost answer orders once.
  const [orderKey, setOrderKey] = useState(newOrderKey);
  const [ordered, setOrdered] = useState<{ name: string; order: number } | null>(null);
  const defaultProject = vm.project ?? projects.data?.find((p) => p.is_default)?.project ?? null;
  const initial: Record<Field, string> = {
    p_name: cloneNameOf(vm.name),
    p_model_id: String(vm.model_id),
    p_project: defaultProject !== null ? String(defaultProject) : '',
  };
  const toBody = (v: Record<Field, string>) => ({
    p_provisioned_id: vm.provisioned_id,
    p_name: v.p_name.trim(),
    p_model_id: Number(v.p_model_id || Number.NaN),
    // Until the projects have loaded, the server's default project is meant.
    p_project: Number(v.p_project || (defaultProject ?? Number.NaN)),
    p_payment_method: method,
    p_idempotency_key: orderKey,
  });
  const form = useSchemaForm('clone', vmCloneSchema, initial, toBody);
  const block = dataActionBlock(vm, 'backup-restore-clone');
  const models = useMemo(() => cloneModels(vm, upgrades.data ?? []), [vm, upgrades.data]);
  const error = (name: Field) => (form.errors[name] ? translateKey(t, form.errors[name]) : undefined);

  const submit = form.handleSubmit((body) => {
    setOrdered(null);
    clone.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(t('clone.sent', { name: body.p_name, server: vm.name }));
        setOrdered({ name: body.p_name, order: answer.order_id });
        setOrderKey(newOrderKey());
        form.reset({ ...initial, p_project: String(body.p_project) });
        follow(answer, method);
      },
      onError: (e) => {
        const fields = fieldErrorsFromApi<Field>(e);
        if (fields) form.setErrors(fields);
      },
    });
  });
  const general = clone.error && !fieldErrorsFromApi(clone.error) ? clone.error : null;

  const modelOptions = models.map((m) => ({
    value: String(m.model_id),
    label: t(m.current ? 'clone.model_same' : 'clone.model_higher', {
      model: m.code,
      size: t('facts.size_value', { cores: m.cores, ram: m.ram_gb, disk: m.disk_gb }),
      price: m.list_price_cents !== null ? money(m.list_price_cents) : '—',
    }),
  }));
  const projectOptions = (projects.data ?? []).map((p) => ({
    value: String(p.project),
    label: p.is_default ? t('project.default_option', { name: p.name }) : p.name,
  }));

  return (
    <Stack gap="md" maw={640}>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="clone-title">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Title order={2} fz="h4" id="clone-title">
                {t('clone.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('clone.intro', { name: vm.name, location: locationName(vm.location, vm.location_name) })}
              </Text>
            </div>
            {ordered && (
              <Alert color="green" variant="light" role="status">
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{t('clone.ordered', { name: ordered.name, order: ordered.order })}</Text>
                  <Anchor component={Link} to={buildPath('list-view')} size="sm">
                    {t('clone.list_link')}
                  </Anchor>
                </Stack>
              </Alert>
            )}
            {general ? <ErrorAlert error={general} /> : null}
            <TextInput {...form.bind('p_name')} label={t('clone.name_label')} required error={error('p_name')} />
            <QueryState query={[upgrades, projects]} loadingLabel={t('clone.loading')} skeleton={2}>
              <Select
                {...form.bind('p_model_id')}
                onChange={(v) => form.setValue('p_model_id', v ?? '')}
                label={t('clone.model_label')}
                description={t('clone.model_hint')}
                data={modelOptions}
                allowDeselect={false}
                required
                error={error('p_model_id')}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                {...form.bind('p_project')}
                value={form.values.p_project || (defaultProject !== null ? String(defaultProject) : null)}
                onChange={(v) => form.setValue('p_project', v ?? '')}
                label={t('clone.project_label')}
                data={projectOptions}
                allowDeselect={false}
                required
                error={error('p_project')}
                comboboxProps={{ withinPortal: true }}
              />
            </QueryState>
            <PaymentMethodChoice value={method} onChange={setMethod} />
            <Text size="sm" c="dimmed">
              {t('clone.billing')}
            </Text>
            {block && (
              <Text size="sm" c="dimmed">
                {t(`blocked.${block}`)}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={clone.isPending} disabled={block !== null}>
                {t('clone.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
