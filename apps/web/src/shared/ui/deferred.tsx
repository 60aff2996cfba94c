/**
 * Parts of a first screen that matter only once the user reaches for them — a menu's dropdown, a
 * tooltip — load right after the screen has rendered, so their code (Mantine's Menu, Popover and
 * Tooltip, floating-ui) stays off the first load. Until they arrive a placeholder of the same look
 * stands in (the menu's own button); a click on it opens the menu as soon as it is there, and focus
 * on the placeholder moves to the real control.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';

/** What the loaded component gets besides the caller's props. */
export interface DeferredProps {
  /** True when the placeholder was clicked: a menu opens at once. */
  defaultOpened?: boolean;
}

/** What the placeholder gets besides the caller's props. */
export interface PlaceholderProps {
  /** To call from the placeholder's click: the loaded component opens on arrival. */
  onOpen: () => void;
}

export function deferred<P extends object>(
  load: () => Promise<ComponentType<P & DeferredProps>>,
  Placeholder: ComponentType<P & PlaceholderProps>,
): ComponentType<P> {
  let loaded: ComponentType<P & DeferredProps> | null = null;
  let loading: Promise<void> | null = null;
  const fetch = (): Promise<void> =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // Tried again with the next click (e.g. after a new release replaced the chunk).
        loading = null;
        throw error;
      },
    ));

  function Deferred(props: P) {
    const [Loaded, setLoaded] = useState(() => loaded);
    const [wanted, setWanted] = useState(false);
    const [attempt, setAttempt] = useState(0);
    const box = useRef<HTMLSpanElement>(null);
    const refocus = useRef(false);

    useEffect(() => {
      if (Loaded) return;
      let live = true;
      fetch().then(
        () => {
          if (!live) return;
          refocus.current = box.current?.contains(document.activeElement) ?? false;
          setLoaded(() => loaded);
        },
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [Loaded, attempt]);

    useLayoutEffect(() => {
      if (!Loaded || !refocus.current) return;
      refocus.current = false;
      box.current?.querySelector<HTMLElement>('button, a[href], [tabindex]')?.focus();
    }, [Loaded]);

    const onOpen = () => {
      setWanted(true);
      setAttempt((n) => n + 1);
    };
    return (
      <span ref={box} style={{ display: 'contents' }}>
        {Loaded ? <Loaded {...props} defaultOpened={wanted} /> : <Placeholder {...props} onOpen={onOpen} />}
      </span>
    );
  }
  Deferred.displayName = `Deferred(${Placeholder.displayName ?? Placeholder.name})`;
  return Deferred;
}
