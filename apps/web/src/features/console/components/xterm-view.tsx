/**
 * The text console's terminal: xterm.js (loaded lazily) filling its box, dark, with the keyboard
 * focus; keys go to the console socket, output comes from it. Refits when the box changes size.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Center, Loader } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { ConsoleConnection } from '../lib/console-connection';
import { loadXterm } from '../lib/load-xterm';

export const TERMINAL_BACKGROUND = '#0d1117';

export function XtermView({ connection, readOnly }: { connection: ConsoleConnection; readOnly: boolean }) {
  const { t } = useTranslation('console');
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const readOnlyRef = useRef(readOnly);
  useEffect(() => {
    readOnlyRef.current = readOnly;
  }, [readOnly]);

  useEffect(() => {
    let disposed = false;
    const cleanups: Array<() => void> = [];
    void loadXterm().then(({ Terminal, FitAddon }) => {
      const el = box.current;
      if (disposed || !el) return;
      const term = new Terminal({
        cursorBlink: true,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
        fontSize: 14,
        scrollback: 5000,
        theme: { background: TERMINAL_BACKGROUND, foreground: '#e6edf3', cursor: '#e6edf3' },
      });
      const fit = new FitAddon();
      term.loadAddon(fit);
      term.open(el);
      fit.fit();
      term.focus();
      const input = term.onData((data) => {
        if (!readOnlyRef.current) connection.send(data);
      });
      const unsubscribe = connection.onOutput((text) => term.write(text));
      const resize = new ResizeObserver(() => fit.fit());
      resize.observe(el);
      cleanups.push(
        () => resize.disconnect(),
        unsubscribe,
        () => input.dispose(),
        () => term.dispose(),
      );
      setReady(true);
    });
    return () => {
      disposed = true;
      for (const c of cleanups.reverse()) c();
    };
  }, [connection]);

  return (
    <Box pos="relative" h="100%" bg={TERMINAL_BACKGROUND} p={6}>
      {!ready && (
        <Center pos="absolute" inset={0}>
          <Loader size="sm" color="gray" aria-label={t('loading_terminal')} />
        </Center>
      )}
      <Box ref={box} h="100%" role="region" aria-label={t('terminal_label')} />
    </Box>
  );
}
