/**
 * /project/:project — one project (spec 1 §2 My Projects: default project, SSH keys per project).
 * Features never import each other, so the page is composed here: the project's head from the
 * projects feature, and its SSH keys (upload, copy, delete) from the SSH keys feature.
 */
import { useParams } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { ProjectOverview } from '../../features/projects/components/project-overview';
import { SshKeysPanel } from '../../features/ssh-keys/components/ssh-keys-panel';

/** Only a plain positive decimal id names a project ('12abc' or '1e3' do not). */
function projectIdOf(raw: string | undefined): number {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
}

export default function ProjectDetailsPage() {
  const { t } = useTranslation('ssh_keys');
  const params = useParams();
  return (
    <ProjectOverview projectId={projectIdOf(params.project)}>
      {(p) => <SshKeysPanel key={p.project} project={{ project: p.project, name: p.name }} title={t('project_title')} />}
    </ProjectOverview>
  );
}
