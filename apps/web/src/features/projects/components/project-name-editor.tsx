/**
 * Inline rename of a project: the name with a rename button; editing shows a text field with the
 * name rules checked as the user types, Enter or the save button saves, Escape or cancel stops.
 * A rename to the same name says 'Name unchanged, not updating' (spec 2 §8).
 */
import { useState, type ReactNode } from 'react';
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/ui/notify';
import { Icon } from '../../../shared/ui/icons';
import type { ProjectName } from '../api/get-project-names';
import { useRenameProject } from '../api/rename-project';
import { fieldKeyOf, projectNameError } from '../lib/name-rules';
import { useApiErrorNotice } from '../../../shared/ui/use-api-error-notice';

export interface ProjectNameEditorProps {
  project: ProjectName;
  /** Every project name of the account (for the uniqueness rule). */
  names: readonly ProjectName[];
  /** How the name shows when not editing (a link, a heading, ...). */
  children: ReactNode;
}

export function ProjectNameEditor({ project, names, children }: ProjectNameEditorProps) {
  const { t } = useTranslation(['projects', 'validation', 'common']);
  const rename = useRenameProject();
  const notice = useApiErrorNotice();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(project.name);
  const [submitted, setSubmitted] = useState(false);
  const [serverKey, setServerKey] = useState<string | null>(null);

  const ruleKey = projectNameError(value, names, project);
  // 'Unchanged' is said only on an attempt to save; the other rules show while typing.
  const liveKey = ruleKey === 'project_name_unchanged' && !submitted ? null : ruleKey;
  const shownKey = serverKey ?? liveKey;

  const start = () => {
    setValue(project.name);
    setSubmitted(false);
    setServerKey(null);
    setEditing(true);
  };
  const save = () => {
    setSubmitted(true);
    if (ruleKey || rename.isPending) return;
    rename.mutate(
      { p_project: project.project, p_name: value },
      {
        onSuccess: () => {
          setEditing(false);
          notifySuccess(t('projects:rename.renamed', { name: value }));
        },
        onError: (e) => {
          const key = fieldKeyOf(e, 'p_name');
          if (key) setServerKey(key);
          else notice(e);
        },
      },
    );
  };

  if (!editing) {
    return (
      <Group gap={4} wrap="nowrap">
        {children}
        <ActionIcon variant="subtle" size="sm" onClick={start} aria-label={t('projects:rename.button', { name: project.name })}>
          <Icon name="edit" size={16} />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        size="xs"
        aria-label={t('projects:rename.label')}
        value={value}
        autoFocus
        error={shownKey ? t(`validation:${shownKey}`) : undefined}
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setServerKey(null);
          setSubmitted(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') setEditing(false);
        }}
        miw={160}
      />
      <ActionIcon onClick={save} loading={rename.isPending} aria-label={t('projects:rename.save')} mt={2}>
        <Icon name="check" size={16} />
      </ActionIcon>
      <ActionIcon variant="default" onClick={() => setEditing(false)} disabled={rename.isPending} aria-label={t('projects:rename.cancel')} mt={2}>
        <Icon name="close" size={16} />
      </ActionIcon>
    </Group>
  );
}
