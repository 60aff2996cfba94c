/**
 * The open terminal (spec 1 'Terminal console'): a non-modal panel (a labelled region, so the
 * page stays usable and page dialogs stay the only dialogs) at the bottom right, 55rem
 * wide and at most 700px high (full width on phones), with a clear button and a minimise button.
 * Escape inside it, or a click anywhere outside it, closes it.
 */
import { useEffect, useId, useRef } from 'react';
import { ActionIcon, Badge, Group, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LAYOUT } from '@portside/contract/constants';
import { Icon } from '../../../shared/ui/icons';
import type { TerminalEntry } from '../lib/terminal-entry';
import { TerminalLines } from './terminal-lines';

/** Above the app shell's header and navbar, below Mantine's modals and popovers. */
export const TERMINAL_Z_INDEX = 190;

interface Props {
  entries: readonly TerminalEntry[];
  /** Move the keyboard focus into the panel (when the user opened it, not when it opened itself). */
  takeFocus: boolean;
  onClose: (how: 'keyboard' | 'pointer') => void;
  onClear: () => void;
}

export function TerminalPanel({ entries, takeFocus, onClose, onClear }: Props) {
  const { t } = useTranslation('terminal');
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const phone = useMediaQuery(`(max-width: ${LAYOUT.mobileBelowPx - 0.02}px)`) ?? false;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (takeFocus) closeButton.current?.focus();
  }, [takeFocus]);

  // A click outside closes; so does Escape when nothing else has the focus.
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) onCloseRef.current('pointer');
    };
    const onKey = (e: KeyboardEvent) => {
      const idle = !document.activeElement || document.activeElement === document.body;
      if (e.key === 'Escape' && idle && !e.defaultPrevented) onCloseRef.current('keyboard');
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <Paper
      ref={root}
      component="section"
      role="region"
      aria-labelledby={titleId}
      data-testid="terminal-panel"
      shadow="xl"
      radius={phone ? 0 : 'md'}
      withBorder
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        onClose('keyboard');
      }}
      style={{
        position: 'fixed',
        zIndex: TERMINAL_Z_INDEX,
        right: phone ? 0 : 16,
        bottom: phone ? 0 : 16,
        left: phone ? 0 : 'auto',
        width: phone ? '100%' : 'min(55rem, calc(100vw - 32px))',
        maxHeight: 'min(700px, calc(100dvh - 76px))',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Group justify="space-between" wrap="nowrap" px="sm" py={6} gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text id={titleId} component="h2" fw={600} size="sm" truncate>
            {t('title')}
          </Text>
          <Badge size="sm" variant="light" color="gray">
            {t('count', { count: entries.length })}
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('clear')}
            title={t('clear')}
            onClick={onClear}
            disabled={entries.length === 0}
          >
            <Icon name="trash" />
          </ActionIcon>
          <ActionIcon
            ref={closeButton}
            variant="subtle"
            color="gray"
            aria-label={t('minimize')}
            title={t('minimize')}
            onClick={() => onClose('pointer')}
          >
            <Icon name="close" />
          </ActionIcon>
        </Group>
      </Group>
      <TerminalLines entries={entries} />
    </Paper>
  );
}
