/**
 * The server's name as the page heading, with inline rename (VmRename): the name rule is checked
 * as the user types, the server's own refusal shows under the field.
 */
import { Title } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { InlineNameEditor } from '../../../shared/ui/inline-name-editor';
import { notifySuccess } from '../../../shared/ui/notify';
import { useRenameVm } from '../api/rename-vm';
import { vmNameError } from '../lib/vm-name';
import { renameBlock } from '../lib/vm-rules';
import type { VmRow } from '@portside/contract/schemas/vms';

export function VmNameEditor({ vm }: { vm: VmRow }) {
  const { t } = useTranslation('servers');
  const rename = useRenameVm();
  return (
    <InlineNameEditor
      name={vm.name}
      normalize={(v) => v.trim()}
      validate={(v) => vmNameError(v, vm.name)}
      unchangedKey="project_name_unchanged"
      save={(v) => rename.mutateAsync({ p_provisioned_id: vm.provisioned_id, p_name: v })}
      onSaved={(v) => notifySuccess(t('rename.sent', { name: v }))}
      pending={rename.isPending}
      labels={{
        button: t('rename.button', { name: vm.name }),
        field: t('rename.label'),
        save: t('rename.save'),
        cancel: t('rename.cancel'),
      }}
      disabled={renameBlock(vm) !== null}
    >
      <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
        {vm.name}
      </Title>
    </InlineNameEditor>
  );
}
