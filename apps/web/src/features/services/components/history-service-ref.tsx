/** The service an entry of the account-wide history is about: its id (a link) and its name. */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { buildPath } from '@portside/contract/routes';
import type { ServiceHistoryRow } from '@portside/contract/schemas/services';
import { useServiceName } from '../lib/use-service-name';

/** `truncate`: one line cut with an ellipsis (table cells); otherwise the name wraps (phone cards). */
export function HistoryServiceRef({ entry, truncate }: { entry: ServiceHistoryRow; truncate?: boolean }) {
  const name = useServiceName();
  return (
    <>
      <Anchor component={Link} to={buildPath('my-services-item', { equipment_id: entry.equipment_id })} size="sm" ff="monospace">
        {entry.equipment_id}
      </Anchor>
      <Text size="xs" c="dimmed" truncate={truncate} style={truncate ? undefined : { overflowWrap: 'break-word' }}>
        {name(entry)}
      </Text>
    </>
  );
}
