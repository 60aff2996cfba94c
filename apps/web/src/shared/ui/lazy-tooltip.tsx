/**
 * A tooltip for a control of a first screen: the control renders at once, Mantine's Tooltip (and
 * floating-ui) wraps it right after (./deferred), so they are not part of the first load. The
 * control carries its own accessible name; the tooltip only shows it to sighted pointer users.
 */
import type { TooltipProps } from '@mantine/core';
import { deferred } from './deferred';

export const LazyTooltip = deferred<TooltipProps>(
  () => import('./loaded-tooltip').then((m) => m.LoadedTooltip),
  ({ children }) => children,
);
