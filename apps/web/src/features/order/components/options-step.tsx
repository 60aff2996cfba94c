/**
 * Step 5: the server's options — disk (the minimum up to 1000 GB, 0.03 € per GB and month beyond
 * the model's), backups (+20%), hostname (checked while typing), project (the default one
 * preselected), SSH keys (with a link to add keys) and the quantity.
 */
import { Anchor, MultiSelect, NumberInput, Select, SimpleGrid, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PRICES } from '@portside/contract/constants';
import { ORDER_LIMITS } from '@portside/contract/schemas/orders';
import { buildPath } from '@portside/contract/routes';
import { useMoney } from '../../../shared/format/use-money';
import { useProjectChoices } from '../../../shared/api/get-my-projects';
import { useSshKeyChoices } from '../api/get-ssh-key-choices';
import type { BuilderField, BuilderForm, BuilderIssue } from '../lib/builder-form';
import { useClaim } from '../../../shared/session/use-claim';
import { useTouched } from '../../../shared/forms/use-touched';
import { QueryState } from '../../../shared/ui/query-state';

/** A labelled field's shape while its choices load. */
const FIELD_SKELETON = <Skeleton h={60} radius="sm" />;

export interface OptionsStepProps {
  form: BuilderForm;
  minDisk: number;
  /** The model's own disk: storage beyond it is charged per GB. */
  includedDisk: number;
  issues: Partial<Record<BuilderField, BuilderIssue>>;
  onChange: (patch: Partial<BuilderForm>) => void;
}

export function OptionsStep({ form, minDisk, includedDisk, issues, onChange }: OptionsStepProps) {
  const { t } = useTranslation('order');
  const money = useMoney();
  // Projects and SSH keys are for users holding menu-see-cloud-servers; without it the server
  // takes the default project and no keys.
  const seesCloud = useClaim('menu-see-cloud-servers');
  const projects = useProjectChoices(seesCloud);
  const keys = useSshKeyChoices(seesCloud);
  // A field says what is wrong with it only once the user has touched it.
  const touched = useTouched<BuilderField>();
  const issueText = (f: BuilderField) => {
    const i = issues[f];
    if (!i || i === 'required' || !touched.shown(f)) return undefined;
    if (i === 'disk_below_minimum') return t('builder.disk_min_error', { gb: minDisk });
    return t(`validation:${i}`);
  };
  const defaultProject = projects.data?.find((p) => p.is_default)?.project ?? null;
  const keyGroups = new Map<string, Array<{ value: string; label: string }>>();
  for (const k of keys.data ?? []) {
    const list = keyGroups.get(k.project_name) ?? [];
    list.push({ value: String(k.id), label: k.name });
    keyGroups.set(k.project_name, list);
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('builder.disk')}
          description={t('builder.disk_help', {
            min: minDisk,
            max: ORDER_LIMITS.diskGbMax,
            included: includedDisk,
            price: money(PRICES.storageCentsPerGbMonth),
          })}
          suffix=" GB"
          min={minDisk || 1}
          max={ORDER_LIMITS.diskGbMax}
          step={10}
          allowDecimal={false}
          value={form.disk_gb ?? ''}
          onChange={(v) => {
            touched.touch('disk_gb');
            onChange({ disk_gb: typeof v === 'number' ? v : null });
          }}
          onBlur={() => touched.touch('disk_gb')}
          error={issueText('disk_gb')}
        />
        <TextInput
          label={t('builder.hostname')}
          description={t('builder.hostname_help')}
          placeholder="web-1.example.com"
          value={form.hostname}
          onChange={(e) => {
            touched.touch('hostname');
            onChange({ hostname: e.currentTarget.value });
          }}
          onBlur={() => touched.touch('hostname')}
          error={form.hostname !== '' || issues.hostname !== 'hostname_empty' ? issueText('hostname') : undefined}
          required
          autoComplete="off"
          spellCheck={false}
        />
        {seesCloud && (
          <QueryState query={projects} loadingLabel={t('builder.loading_projects')} skeleton={FIELD_SKELETON}>
            <Select
              label={t('builder.project')}
              data={(projects.data ?? []).map((p) => ({
                value: String(p.project),
                label: p.is_default ? t('builder.project_default', { name: p.name }) : p.name,
              }))}
              value={String(form.project ?? defaultProject ?? '')}
              onChange={(v) => onChange({ project: v ? Number(v) : null })}
              allowDeselect={false}
            />
          </QueryState>
        )}
        <NumberInput
          label={t('builder.quantity')}
          min={1}
          max={ORDER_LIMITS.quantity}
          allowDecimal={false}
          value={form.quantity}
          onChange={(v) => {
            touched.touch('quantity');
            onChange({ quantity: typeof v === 'number' ? v : 0 });
          }}
          onBlur={() => touched.touch('quantity')}
          error={issueText('quantity')}
        />
      </SimpleGrid>
      {seesCloud && (
        <QueryState query={keys} loadingLabel={t('builder.loading_ssh_keys')} skeleton={FIELD_SKELETON}>
          <div>
            <MultiSelect
              label={t('builder.ssh_keys')}
              placeholder={keys.data && keys.data.length === 0 ? t('builder.ssh_keys_none') : t('builder.ssh_keys_placeholder')}
              data={[...keyGroups.entries()].map(([group, items]) => ({ group, items }))}
              value={form.ssh_keys.map(String)}
              onChange={(v) => onChange({ ssh_keys: v.map(Number) })}
              searchable
              clearable
              maxValues={ORDER_LIMITS.sshKeys}
            />
            <Anchor component={Link} to={buildPath('my-ssh')} size="sm">
              {t('builder.ssh_keys_add')}
            </Anchor>
          </div>
        </QueryState>
      )}
      <Switch
        checked={form.backups}
        onChange={(e) => onChange({ backups: e.currentTarget.checked })}
        label={t('builder.backups')}
        description={t('builder.backups_help', { percent: PRICES.backupSurchargePercent })}
      />
    </Stack>
  );
}
