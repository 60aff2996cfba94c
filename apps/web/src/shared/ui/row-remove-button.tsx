/**
 * The red icon button at the end of a table row that removes the row's thing (after the caller's
 * confirmation): a bin for a delete, a cross for a detach. `label` names what it removes, as the
 * button has no text of its own.
 */
import { ActionIcon } from '@mantine/core';
import { Icon } from './icons';

export function RowRemoveButton({
  label,
  onClick,
  icon = 'trash',
}: {
  label: string;
  onClick: () => void;
  icon?: 'trash' | 'close';
}) {
  return (
    <ActionIcon variant="subtle" color="red" onClick={onClick} aria-label={label}>
      <Icon name={icon} size={16} />
    </ActionIcon>
  );
}
