/**
 * The scrolling list of terminal lines: time (account timezone), optional label, text. It keeps
 * the newest line in view and can be scrolled with the keyboard (it is focusable).
 */
import { useEffect, useRef } from 'react';
import { Box, Text } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDateFormat } from '../../../shared/format/use-date-format';
import { useServerText } from '../../../shared/format/use-server-text';
import type { TerminalEntry } from '../lib/terminal-entry';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

export function TerminalLines({ entries }: { entries: readonly TerminalEntry[] }) {
  const { t } = useTranslation('terminal');
  const formatDate = useDateFormat();
  const serverText = useServerText();
  const box = useRef<HTMLDivElement>(null);
  const last = entries.at(-1)?.id;

  // Auto-scroll to the newest message.
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);

  return (
    <Box
      ref={box}
      role="log"
      aria-label={t('log_label')}
      tabIndex={0}
      px="sm"
      py="xs"
      style={{
        flex: 1,
        minHeight: 120,
        overflowY: 'auto',
        fontFamily: MONO,
        fontSize: 13,
        lineHeight: 1.5,
        background: '#0d1117',
        color: '#d1d9e0',
      }}
    >
      {entries.length === 0 && (
        <Text size="sm" c="#8b949e" ff={MONO}>
          {t('empty')}
        </Text>
      )}
      {entries.map((e) => (
        <div key={e.id} data-testid="terminal-line" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <time dateTime={e.at} title={formatDate(e.at, { withOffset: true })} style={{ color: '#8b949e' }}>
            {formatDate(e.at, { style: 'time' })}
          </time>{' '}
          {e.label && <span style={{ color: '#79c0ff', fontWeight: 600 }}>[{e.label}]</span>}{' '}
          <span>{serverText({ key: e.textKey, params: e.textParams, english: e.text })}</span>
        </div>
      ))}
    </Box>
  );
}
