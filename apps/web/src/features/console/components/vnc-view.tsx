/**
 * The graphical console's screen: noVNC (loaded lazily, a chunk of its own) drawing the VM's
 * screen scaled to the box, with the keyboard focus; keys and the mouse go to the VM. The RFB
 * session comes through the console socket's {@link VncChannel} (the portal logged in to the
 * VM's VNC server already, so the viewer needs no password). `onCtrlAltDel` hears how to send
 * Ctrl+Alt+Del (which the browser would keep for itself) once the screen is drawn, and null when
 * it cannot be sent; the page puts the button in its header.
 */
import { useEffect, useRef, useState } from 'react';
import { Box, Center, Loader } from '@mantine/core';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type RFB from '@novnc/novnc';
import type { ConsoleConnection } from '../lib/console-connection';
import { TERMINAL_BACKGROUND } from './xterm-view';

export interface VncViewProps {
  connection: ConsoleConnection;
  /** False once the console has closed: the last screen stays, without input. */
  active: boolean;
  onCtrlAltDel: (send: (() => void) | null) => void;
}

export function VncView({ connection, active, onCtrlAltDel }: VncViewProps) {
  const { t } = useTranslation('console');
  const box = useRef<HTMLDivElement>(null);
  const [viewer, setViewer] = useState<RFB | null>(null);
  const [drawing, setDrawing] = useState(false);

  useEffect(() => {
    const channel = connection.vncChannel();
    if (!channel) return undefined;
    let disposed = false;
    let rfb: RFB | null = null;
    // StrictMode's first, at once undone, effect must not attach a viewer to the one session.
    const timer = window.setTimeout(() => {
      void import('@novnc/novnc').then(({ default: Rfb }) => {
        const el = box.current;
        if (disposed || !el) return;
        rfb = new Rfb(el, channel, { shared: true });
        rfb.scaleViewport = true;
        rfb.background = TERMINAL_BACKGROUND;
        rfb.focusOnClick = true;
        rfb.addEventListener('connect', () => {
          setDrawing(true);
          rfb?.focus();
        });
        channel.start();
        setViewer(rfb);
      });
    }, 0);
    return () => {
      disposed = true;
      window.clearTimeout(timer);
      if (rfb) {
        channel.detach();
        rfb.disconnect();
      }
      setViewer(null);
    };
  }, [connection]);

  useEffect(() => {
    if (viewer) viewer.viewOnly = !active;
    onCtrlAltDel(viewer && drawing && active ? () => viewer.sendCtrlAltDel() : null);
  }, [viewer, drawing, active, onCtrlAltDel]);

  return (
    <Box pos="relative" h="100%" bg={TERMINAL_BACKGROUND}>
      {!drawing && (
        <Center pos="absolute" inset={0}>
          <Loader size="sm" color="gray" aria-label={t('vnc.loading')} />
        </Center>
      )}
      <Box ref={box} h="100%" role="region" aria-label={t('vnc.label')} style={{ overflow: 'hidden' }} />
    </Box>
  );
}
