/**
 * The Firewall tab (spec 1 §4 'Firewall rule', 'Hardware firewall changes are submitted as one
 * batch and take about 40 seconds'; spec 2 §8 'Invalid data', 'Problem saving changes?'): the
 * server's inbound rules and 'block everything else', edited as a draft (add, edit, remove,
 * reorder) and saved as one AddFirewallRule naming the revision the draft was made from; the
 * batch's progress and result, a retry when it fails, and port forwarding below.
 * Without vm-settings-firewall the tab says which permission it needs and asks nothing.
 */
import { useState } from 'react';
import { Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { AddFirewallRuleBody } from '@portside/contract/schemas/network';
import type { VmRow } from '@portside/contract/schemas/vms';
import { MAX_FIREWALL_RULES } from '@portside/contract/rules/network';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { Icon } from '../../../shared/ui/icons';
import { notifySuccess } from '../../../shared/ui/notify';
import { EmptyState, QueryState } from '../../../shared/ui/query-state';
import { useFirewallRules } from '../api/get-firewall-rules';
import { useSaveFirewallRules } from '../api/save-firewall-rules';
import {
  applyStateOf,
  draftDiffers,
  draftOf,
  isFirewallMessage,
  moveRule,
  ruleChanged,
  saveBodyOf,
  type DraftRule,
  type FirewallDraft,
} from '../lib/firewall-draft';
import { useFirewallDraft } from '../lib/use-firewall-draft';
import { useTabProgress } from '../lib/use-vm-data-progress';
import { dataActionBlock } from '../lib/vm-data';
import { FirewallDeleteAll } from './firewall-delete-all';
import { FirewallRuleForm } from './firewall-rule-form';
import { FirewallRuleList, savedMark, type RuleMark } from './firewall-rule-list';
import { FirewallSaveStatus } from './firewall-save-status';
import { PortForwardingSection } from './port-forwarding-section';
import { TabNoAccess } from './tab-no-access';

/** The live kinds the batch's messages travel on (with the server's other operations). */
const FIREWALL_KINDS = ['power'] as const;

export default function FirewallTab({ vm }: { vm: VmRow }) {
  const allowed = useClaim('vm-settings-firewall');
  if (!allowed) return <TabNoAccess claim="vm-settings-firewall" />;
  return (
    <Stack gap="lg" maw={1100}>
      <Firewall vm={vm} />
      <PortForwardingSection vm={vm} />
    </Stack>
  );
}

function Firewall({ vm }: { vm: VmRow }) {
  const { t } = useTranslation(['firewall', 'servers', 'common']);
  const state = applyStateOf(vm);
  const rows = useFirewallRules(vm.provisioned_id, state === 'saving');
  const [draft, setDraft] = useFirewallDraft(vm.provisioned_id);
  const save = useSaveFirewallRules();
  const [progress, clearProgress] = useTabProgress(vm, FIREWALL_KINDS, isFirewallMessage);
  // The rule being edited in the dialog: a rule, 'new' to add one, or null when it is closed.
  const [editing, setEditing] = useState<DraftRule | 'new' | null>(null);
  const block = dataActionBlock(vm, 'firewall');

  const saved: FirewallDraft | null = rows.data ? draftOf(rows.data, vm) : null;
  const current = draft ?? saved;
  const differs = draft !== null && saved !== null && draftDiffers(draft, saved);
  // Our own save raises the revision too: only a newer one seen while no save of ours runs is news.
  const stale = draft !== null && draft.revision < vm.firewall_revision && !save.isPending;

  /** Applies a change to the draft (made from the saved state on the first change). */
  const change = (fn: (d: FirewallDraft) => FirewallDraft) => {
    if (!saved) return;
    const next = fn(draft ?? saved);
    // A draft that says what is saved again is no draft: nothing is left to save.
    setDraft(draftDiffers(next, saved) || next.revision !== saved.revision ? next : null);
    save.reset();
  };

  const send = (body: AddFirewallRuleBody) =>
    save.mutate(body, {
      onSuccess: () => {
        clearProgress();
        setDraft(null);
        notifySuccess(t('save.sent', { name: vm.name }));
      },
    });
  const submit = (d: FirewallDraft) => send(saveBodyOf(vm.provisioned_id, d));

  const markOf = (r: DraftRule): RuleMark => {
    if (saved && draft && ruleChanged(r, saved)) return 'unsaved';
    return savedMark(state);
  };

  const rules = current?.rules ?? [];
  const blockOthers = current?.blockOthers ?? vm.firewall_block_others;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="firewall-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div style={{ flex: '1 1 320px' }}>
            <Title order={2} fz="h4" id="firewall-title">
              {t('title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('intro')}
            </Text>
          </div>
          <Button
            leftSection={<Icon name="plus" size={16} />}
            onClick={() => setEditing('new')}
            disabled={!saved || rules.length >= MAX_FIREWALL_RULES}
          >
            {t('rule.add_button')}
          </Button>
        </Group>
        <FirewallSaveStatus
          vm={vm}
          state={state}
          differs={differs}
          stale={stale}
          progress={progress}
          onCloseProgress={clearProgress}
          save={save}
          // 'Retry' sends the refused draft exactly as it was sent.
          onRetry={() => save.variables && send(save.variables)}
          // The cluster did not take the saved rules: they are sent again (unless a newer draft waits).
          onRetryApply={saved && !differs ? () => submit(saved) : null}
          onReload={() => {
            setDraft(null);
            save.reset();
          }}
          onRebase={() => {
            if (draft) setDraft({ ...draft, revision: vm.firewall_revision });
            save.reset();
          }}
        />
        <QueryState
          query={rows}
          loadingLabel={t('loading')}
          isEmpty={() => rules.length === 0}
          empty={
            <EmptyState
              icon="shield"
              title={blockOthers ? t('empty.blocked_title') : t('empty.title')}
              body={blockOthers ? t('empty.blocked_body') : t('empty.body')}
            />
          }
        >
          <FirewallRuleList
            rules={rules}
            markOf={markOf}
            disabled={save.isPending}
            onMove={(from, to) => change((d) => ({ ...d, rules: moveRule(d.rules, from, to) }))}
            onEdit={(r) => setEditing(r)}
            onRemove={(r) => change((d) => ({ ...d, rules: d.rules.filter((x) => x.key !== r.key) }))}
          />
        </QueryState>
        <Switch
          checked={blockOthers}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            change((d) => ({ ...d, blockOthers: on }));
          }}
          disabled={!saved}
          label={t('block_others.label')}
          description={t('block_others.hint')}
        />
        {/* 'Operation in progress' is said by the progress line above already. */}
        {block && block !== 'in_progress' && (
          <Text size="sm" c="dimmed">
            {t(`servers:blocked.${block}`)}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Button
              onClick={() => current && submit(current)}
              disabled={!differs || stale || block !== null}
              loading={save.isPending}
            >
              {t('save.button')}
            </Button>
            <Button variant="default" onClick={() => setDraft(null)} disabled={draft === null || save.isPending}>
              {t('save.discard')}
            </Button>
          </Group>
          {saved && saved.rules.length > 0 && (
            <FirewallDeleteAll
              vm={vm}
              ids={rows.data?.map((r) => r.id) ?? []}
              hasDraft={differs}
              blocked={block !== null}
              onDeleted={() => {
                clearProgress();
                setDraft(null);
              }}
            />
          )}
        </Group>
      </Stack>
      {editing !== null && (
        <FirewallRuleForm
          provisionedId={vm.provisioned_id}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(rule) => {
            change((d) =>
              editing === 'new'
                ? { ...d, rules: [...d.rules, rule] }
                : { ...d, rules: d.rules.map((x) => (x.key === rule.key ? rule : x)) },
            );
            setEditing(null);
          }}
        />
      )}
    </Paper>
  );
}
