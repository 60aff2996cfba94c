/**
 * A value to copy somewhere else (an address, a DNS record's name or value): shown in monospace,
 * wrapping anywhere on a phone, with a copy button whose accessible name says what it copies.
 */
import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';

export interface CopyValueProps {
  value: string;
  /** What the value is, for the button's name ('Copy the TXT record's value'). */
  label: string;
  /** Greyed, for a value that is a default rather than the user's own. */
  dimmed?: boolean;
  size?: 'xs' | 'sm';
}

export function CopyValue({ value, label, dimmed, size = 'sm' }: CopyValueProps) {
  const { t } = useTranslation('network');
  return (
    <Group gap={4} wrap="nowrap" align="center" miw={0}>
      <Text ff="monospace" size={size} c={dimmed ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('copy.copied') : label} withArrow>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={label}>
              <Icon name={copied ? 'check' : 'copy'} size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
