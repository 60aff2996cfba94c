/** The console-open page's connection: opened once per link (also under StrictMode), closed on leaving. */
import { useEffect, useState } from 'react';
import { consoleSocketTarget, type ConsoleLinkParts } from '@portside/contract/console';
import { ConsoleConnection, socketAddress, type ConsoleState } from './console-connection';

export function useConsoleConnection(parts: ConsoleLinkParts): { state: ConsoleState; connection: ConsoleConnection | null } {
  const [state, setState] = useState<ConsoleState>({ status: 'connecting' });
  const [connection, setConnection] = useState<ConsoleConnection | null>(null);
  const { url, cookie, epoch, hash } = parts;

  useEffect(() => {
    const target = consoleSocketTarget({ url, cookie, epoch, hash });
    if (!target) {
      setState({ status: 'error', code: 'CONSOLE_LINK_INVALID' });
      return undefined;
    }
    setState({ status: 'connecting' });
    let conn: ConsoleConnection | null = null;
    // A link opens once: StrictMode's first, at once undone, effect must not use it up.
    const timer = window.setTimeout(() => {
      conn = new ConsoleConnection(socketAddress(target.path, target.query, window.location), setState);
      setConnection(conn);
    }, 0);
    return () => {
      window.clearTimeout(timer);
      conn?.close();
      setConnection(null);
    };
  }, [url, cookie, epoch, hash]);

  return { state, connection };
}
