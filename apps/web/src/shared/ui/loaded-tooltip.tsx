/** Mantine's Tooltip as ./lazy-tooltip loads it. */
import { Tooltip, type TooltipProps } from '@mantine/core';
import type { DeferredProps } from './deferred';

export function LoadedTooltip({ defaultOpened: _menuOnly, ...props }: TooltipProps & DeferredProps) {
  return <Tooltip {...props} />;
}
