/** Providers every screen needs: Mantine and TanStack Query (translations need none: shared/i18n). */
import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../shared/api/query-client';
import { COLOR_SCHEME_KEY, cssVariablesResolver, theme } from './theme';

// The scheme follows the system setting ('auto') until the user picks one in the top bar; the
// choice is kept in localStorage under the key public/color-scheme.js reads before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
