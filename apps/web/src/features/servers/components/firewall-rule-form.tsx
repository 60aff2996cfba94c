/**
 * Adds a rule to the firewall draft or edits one (spec 1 §4 'Firewall rule'): the source (an
 * address, a CIDR block or empty for all — `{ip}/0` means all too — or an IP set attached to the
 * server), the ports, the protocol, ACCEPT or DROP and a comment. Every field is checked with the
 * contract's rule (firewallRuleInput) as it is left and on submit, so 'Invalid data' shows under
 * the field at once; nothing is sent here — the draft is saved as one batch by the tab.
 */
import { Alert, Button, Group, List, Modal, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FIREWALL_COMMENT_MAX, normaliseFirewallSource, normalisePortSpec } from '@portside/contract/rules/network';
import { firewallRuleInput } from '@portside/contract/schemas/network';
import { translateKey } from '../../../shared/forms/field-messages';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useClaim } from '../../../shared/session/use-claim';
import { useMyIps } from '../../../shared/api/my-ips';
import { useServerIpsets } from '../api/get-server-ipsets';
import { newRuleKey, type DraftRule } from '../lib/firewall-draft';
import { FirewallSourceField } from './firewall-source-field';

/** Keeps the focus where it is when a button is pressed with the mouse (see the dialog's buttons). */
const keepFocus = (e: { preventDefault: () => void }) => e.preventDefault();

type Field = 'kind' | 'source' | 'source_ipset' | 'sport' | 'dport' | 'proto' | 'action' | 'comment';
/** The fields in the order they are shown (the error summary names them in this order). */
const SHOWN: readonly Field[] = ['source', 'source_ipset', 'proto', 'sport', 'dport', 'action', 'comment'];

function valuesOf(rule: DraftRule | null): Record<Field, string> {
  return {
    kind: rule?.source_ipset != null ? 'ipset' : 'address',
    source: rule?.source ?? '',
    source_ipset: rule?.source_ipset != null ? String(rule.source_ipset) : '',
    sport: rule?.sport ?? '',
    dport: rule?.dport ?? '',
    proto: rule?.proto ?? 'tcp',
    action: rule?.action ?? 'ACCEPT',
    comment: rule?.comment ?? '',
  };
}

/** The form's text as the rule's input: the source is an address or an IP set, never both. */
function toBody(v: Record<Field, string>) {
  const ipset = v.kind === 'ipset';
  return {
    ...(ipset ? { source_ipset: v.source_ipset === '' ? null : Number(v.source_ipset) } : { source: v.source }),
    sport: v.sport,
    dport: v.dport,
    proto: v.proto,
    action: v.action,
    comment: v.comment,
  };
}

export interface FirewallRuleFormProps {
  provisionedId: number;
  /** The rule edited, or null to add one. */
  rule: DraftRule | null;
  onSave: (rule: DraftRule) => void;
  onClose: () => void;
}

/** The dialog; mount it anew for each rule (its fields start from the rule). */
export function FirewallRuleForm({ provisionedId, rule, onSave, onClose }: FirewallRuleFormProps) {
  const { t } = useTranslation(['firewall', 'common', 'validation']);
  const form = useSchemaForm('fw-rule', firewallRuleInput, valuesOf(rule), toBody);
  // The IP sets and the account's addresses are behind their own claims: without them nothing is asked.
  const canIpsets = useClaim('menu-see-ipsets');
  const canMyIps = useClaim('menu-see-ip-management');
  const ipsets = useServerIpsets(provisionedId, canIpsets);
  const myIps = useMyIps(canMyIps);
  const v = form.values;
  const err = (f: Field) => (form.errors[f] ? translateKey(t, form.errors[f]) : undefined);
  const label = (f: Field) => t(`rule.fields.${f}`);

  const submit = form.handleSubmit(() => {
    // The schema reads a missing set as 'no set' (the address, all): an IP set rule needs its set.
    if (v.kind === 'ipset' && v.source_ipset === '') {
      form.setErrors({ source_ipset: `raw:${t('rule.ipset_required')}` });
      document.getElementById(form.idOf('source_ipset'))?.focus();
      return;
    }
    const ipset = v.kind === 'ipset' ? Number(v.source_ipset) : null;
    onSave({
      key: rule?.key ?? newRuleKey(),
      id: rule?.id ?? null,
      source: ipset === null ? (normaliseFirewallSource(v.source) ?? '') : '',
      source_ipset: ipset,
      source_ipset_name:
        ipset === null ? null : (ipsets.data?.find((s) => s.ipset === ipset)?.ipset_name ?? rule?.source_ipset_name ?? null),
      sport: normalisePortSpec(v.sport) ?? '',
      dport: normalisePortSpec(v.dport) ?? '',
      proto: v.proto as DraftRule['proto'],
      action: v.action as DraftRule['action'],
      comment: v.comment.trim(),
    });
  });
  const failing = SHOWN.filter((f) => form.errors[f]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={rule ? t('rule.edit_title') : t('rule.add_title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {form.submitted && failing.length > 0 && (
            <Alert color="red" variant="light" role="alert" title={t('rule.invalid_title')}>
              <List size="sm">
                {failing.map((f) => (
                  <List.Item key={f}>
                    {label(f)}: {err(f)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <FirewallSourceField
            ipsets={canIpsets ? ipsets : null}
            myIps={canMyIps ? myIps : null}
            kind={v.kind === 'ipset' ? 'ipset' : 'address'}
            onKind={(k) => form.setValue('kind', k)}
            source={form.bind('source')}
            sourceError={err('source')}
            ipset={v.source_ipset}
            ipsetId={form.idOf('source_ipset')}
            ipsetName={rule?.source_ipset_name ?? null}
            onIpset={(id) => form.setValue('source_ipset', id)}
            ipsetError={err('source_ipset')}
            onPickAddress={(address) => form.setValue('source', address)}
          />
          <Select
            id={form.idOf('proto')}
            label={label('proto')}
            data={(['any', 'tcp', 'udp', 'icmp'] as const).map((p) => ({ value: p, label: t(`proto.${p}`) }))}
            value={v.proto}
            onChange={(value) => form.setValue('proto', value ?? 'any')}
            allowDeselect={false}
            error={err('proto')}
            comboboxProps={{ withinPortal: true }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...form.bind('sport')}
              label={label('sport')}
              description={t('rule.port_hint')}
              placeholder={t('rule.any')}
              autoComplete="off"
              error={err('sport')}
            />
            <TextInput
              {...form.bind('dport')}
              label={label('dport')}
              description={t('rule.port_hint')}
              placeholder={t('rule.any')}
              autoComplete="off"
              error={err('dport')}
            />
          </SimpleGrid>
          <Radio.Group
            id={form.idOf('action')}
            label={label('action')}
            value={v.action}
            onChange={(value) => form.setValue('action', value)}
            error={err('action')}
          >
            <Group gap="lg" mt={4}>
              <Radio value="ACCEPT" label={t('action.ACCEPT')} color="green" />
              <Radio value="DROP" label={t('action.DROP')} color="red" />
            </Group>
          </Radio.Group>
          <TextInput
            {...form.bind('comment')}
            label={label('comment')}
            maxLength={FIREWALL_COMMENT_MAX}
            autoComplete="off"
            error={err('comment')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            {/* A press keeps the focus in the field: its message would show on the way out and move
                the button away under the pointer, and the click would be lost. Submit checks every field. */}
            <Button variant="default" onClick={onClose} onMouseDown={keepFocus}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" onMouseDown={keepFocus}>
              {rule ? t('rule.update') : t('rule.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
