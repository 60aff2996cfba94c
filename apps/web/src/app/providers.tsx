/** Providers every screen needs: Mantine, TanStack Query and i18next. */
import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../shared/api/query-client';
import i18n from '../shared/i18n/i18n';
import { COLOR_SCHEME_KEY, cssVariablesResolver, theme } from './theme';

// The scheme follows the system setting ('auto') until the user picks one in the top bar; the
// choice is kept in localStorage under the key public/color-scheme.js reads before the first paint.
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
      >
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
