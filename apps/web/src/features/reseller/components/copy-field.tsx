/**
 * A value to hand out (a link, an HTML snippet, the referral code) with a copy button whose
 * accessible name says what it copies; long values wrap anywhere, so a phone shows them whole.
 */
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Icon } from '../../../shared/ui/icons';

export interface CopyFieldProps {
  label: string;
  value: string;
  /** The copy button's text, e.g. 'Copy the HTML snippet'. */
  copyLabel: string;
  /** Shown as a block (a snippet) rather than one line. */
  block?: boolean;
}

export function CopyField({ label, value, copyLabel, block }: CopyFieldProps) {
  const { t } = useTranslation('reseller');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" align="flex-start" wrap={block ? 'wrap' : 'nowrap'}>
        <Code block={block} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1, minWidth: 0 }}>
          {value}
        </Code>
        <CopyButton value={value} timeout={2500}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant={copied ? 'light' : 'default'}
              color={copied ? 'green' : undefined}
              leftSection={<Icon name={copied ? 'check' : 'copy'} size={14} />}
              onClick={copy}
              aria-label={copyLabel}
            >
              <span aria-live="polite">{copied ? t('promote.copied') : t('promote.copy')}</span>
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
