/**
 * The minimised terminal: one line at the bottom right with the last message after '> '. It
 * flashes when a new message arrives; clicking it opens the terminal.
 */
import { forwardRef } from 'react';
import { UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { LAYOUT } from '@portside/contract/constants';
import { TERMINAL_Z_INDEX } from './terminal-panel';

interface Props {
  text: string;
  lit: boolean;
  onOpen: () => void;
}

export const TerminalCollapsed = forwardRef<HTMLButtonElement, Props>(function TerminalCollapsed({ text, lit, onOpen }, ref) {
  const { t } = useTranslation('terminal');
  const phone = useMediaQuery(`(max-width: ${LAYOUT.mobileBelowPx - 0.02}px)`) ?? false;
  return (
    <div
      aria-live="polite"
      style={{
        position: 'fixed',
        zIndex: TERMINAL_Z_INDEX,
        right: phone ? 0 : 16,
        bottom: phone ? 0 : 16,
        left: phone ? 0 : 'auto',
      }}
    >
      <UnstyledButton
        ref={ref}
        onClick={onOpen}
        data-testid="terminal-collapsed"
        data-flashing={lit ? 'true' : 'false'}
        px="sm"
        py={6}
        style={{
          display: 'block',
          width: phone ? '100%' : 'auto',
          maxWidth: phone ? '100%' : 'min(55rem, calc(100vw - 32px))',
          borderRadius: phone ? 0 : 6,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
          fontSize: 13,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          background: lit ? '#f2cc60' : '#0d1117',
          color: lit ? '#0d1117' : '#d1d9e0',
          boxShadow: '0 2px 10px rgba(0,0,0,.3)',
          transition: 'background-color 80ms linear, color 80ms linear',
        }}
      >
        <VisuallyHidden>{t('open')}: </VisuallyHidden>
        <span data-testid="terminal-last">{text}</span>
      </UnstyledButton>
    </div>
  );
});
