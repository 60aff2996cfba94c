/** The Mantine theme of the portal. */
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", sans-serif',
  headings: { fontWeight: '700' },
  // Breakpoints of the spec (spec 2 §9): mobile below 576 px, sidebar profile below 992 px.
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
});
