/**
 * Inline rename of a project, with the name rules checked as the user types. A rename to the same
 * name says 'Name unchanged, not updating' (spec 2 §8).
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { InlineNameEditor } from '../../../shared/ui/inline-name-editor';
import { notifySuccess } from '../../../shared/ui/notify';
import type { ProjectChoice } from '../../../shared/api/get-my-projects';
import { useRenameProject } from '../api/rename-project';
import { projectNameError } from '../lib/name-rules';

export interface ProjectNameEditorProps {
  project: ProjectChoice;
  /** Every project name of the account (for the uniqueness rule). */
  names: readonly ProjectChoice[];
  /** How the name shows when not editing (a link, a heading, ...). */
  children: ReactNode;
}

export function ProjectNameEditor({ project, names, children }: ProjectNameEditorProps) {
  const { t } = useTranslation('projects');
  const rename = useRenameProject();
  return (
    <InlineNameEditor
      name={project.name}
      validate={(v) => projectNameError(v, names, project)}
      unchangedKey="project_name_unchanged"
      save={(v) => rename.mutateAsync({ p_project: project.project, p_name: v })}
      onSaved={(v) => notifySuccess(t('rename.renamed', { name: v }))}
      pending={rename.isPending}
      labels={{
        button: t('rename.button', { name: project.name }),
        field: t('rename.label'),
        save: t('rename.save'),
        cancel: t('rename.cancel'),
      }}
      compact
    >
      {children}
    </InlineNameEditor>
  );
}
