/** A badge for the state of something pushed to the network (a reverse DNS name, a port forward). */
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';

export type PushState = 'ok' | 'active' | 'pending' | 'failed';

const COLOURS: Record<PushState, string> = { ok: 'green', active: 'green', pending: 'yellow', failed: 'red' };

export function StateBadge({ state }: { state: PushState }) {
  const { t } = useTranslation('network');
  return (
    <Badge variant="light" color={COLOURS[state]} style={{ minWidth: 'max-content' }} data-testid="state-badge">
      {t(`state.${state}`)}
    </Badge>
  );
}
