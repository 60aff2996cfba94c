/** An account's identity verification state as a badge (none, pending, approved, rejected). */
import { Badge } from '@mantine/core';
import type { ClientListItem } from '@portside/contract/schemas/clients';
import { useTranslation } from '../../../shared/i18n/use-translation';

const COLORS = { none: 'gray', pending: 'yellow', approved: 'green', rejected: 'red' } as const;

export function VerificationBadge({ status }: { status: ClientListItem['verification_status'] }) {
  const { t } = useTranslation('clients');
  return (
    <Badge variant="light" color={COLORS[status]} style={{ minWidth: 'max-content' }}>
      {t(`verification.${status}`)}
    </Badge>
  );
}
