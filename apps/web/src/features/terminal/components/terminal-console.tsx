/**
 * The terminal console of the logged-in shell (spec 1 'Terminal console'): open or minimised,
 * the choice saved in localStorage. Closing saves 'minimized', clicking the collapsed line saves
 * 'not minimized'. It opens on start unless minimized, and every 500 ms a closed terminal with
 * messages opens when the choice is 'not minimized'. An empty terminal takes no room.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMING } from '@portside/contract/constants';
import { useServerText } from '../../../shared/format/use-server-text';
import { opensOnStart, shouldAutoOpen } from '../lib/panel-rules';
import { readSavedChoice, saveChoice } from '../lib/saved-choice';
import { collapsedText } from '../lib/terminal-entry';
import { useFlash } from '../lib/use-flash';
import { useTerminalMessages } from '../lib/use-terminal-messages';
import { TerminalCollapsed } from './terminal-collapsed';
import { TerminalPanel } from './terminal-panel';

export default function TerminalConsole() {
  const [opened, setOpened] = useState(() => opensOnStart(readSavedChoice()));
  // Set when the user opened or emptied the terminal: it then shows even without messages.
  const [userOpened, setUserOpened] = useState(false);
  const [lit, flash] = useFlash();
  const serverText = useServerText();
  const openedRef = useRef(opened);
  const collapsedButton = useRef<HTMLButtonElement>(null);
  const focusCollapsed = useRef(false);

  const { entries, clear } = useTerminalMessages(() => {
    if (!openedRef.current) flash();
  });
  const countRef = useRef(entries.length);
  // The 500 ms check and the flash decision read the latest state through these.
  useEffect(() => {
    openedRef.current = opened;
    countRef.current = entries.length;
  });

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (shouldAutoOpen({ opened: openedRef.current, messageCount: countRef.current, saved: readSavedChoice() }))
        setOpened(true);
    }, TIMING.terminalPollMs);
    return () => window.clearInterval(timer);
  }, []);

  const close = useCallback((how: 'keyboard' | 'pointer') => {
    saveChoice('minimized');
    setOpened(false);
    setUserOpened(false);
    focusCollapsed.current = how === 'keyboard';
  }, []);

  const open = useCallback(() => {
    saveChoice('not-minimized');
    setOpened(true);
    setUserOpened(true);
  }, []);

  const onClear = useCallback(() => {
    clear();
    setUserOpened(true);
  }, [clear]);

  // After closing with the keyboard, the focus goes to the collapsed line (when there is one).
  useEffect(() => {
    if (opened || !focusCollapsed.current) return;
    focusCollapsed.current = false;
    collapsedButton.current?.focus();
  }, [opened]);

  const last = entries.at(-1);
  if (opened && (entries.length > 0 || userOpened)) {
    return <TerminalPanel entries={entries} takeFocus={userOpened} onClose={close} onClear={onClear} />;
  }
  if (!opened && last)
    return (
      <TerminalCollapsed
        ref={collapsedButton}
        text={collapsedText(last, serverText({ key: last.textKey, params: last.textParams, english: last.text }))}
        lit={lit}
        onOpen={open}
      />
    );
  return null;
}
