/**
 * The Mantine theme of the portal, light and dark. Every text colour meets WCAG 2.1 AA (4.5:1) on
 * the surfaces it is drawn on, in both schemes; the browser tests check every page with axe-core.
 * Mantine's defaults miss that bar in several places: dimmed text (gray 6 on white, 3.3:1), the
 * primary blue 6 (white on it 3.6:1), white on yellow and orange badges (1.9 and 2.5:1), and the
 * light variant's shade 9 on shade 1 for green, orange, yellow, teal and lime (2.7 to 4.3:1).
 */
import { DEFAULT_THEME, createTheme, darken, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { firstReadable, darkerSteps } from './theme-contrast';

/** The localStorage key of the chosen colour scheme ('light', 'dark' or 'auto'). */
export const COLOR_SCHEME_KEY = 'portside-color-scheme';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 in both schemes: white on blue 8 is 5:1, and links in blue 8 read on white and gray 0.
  primaryShade: { light: 8, dark: 8 },
  // Text on filled colours is black or white, whichever reads better: at a luminance of 0.179 both
  // give the same ratio (4.58:1), so the chosen one is always at least that.
  autoContrast: true,
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  // Modals, menus and toasts appear without animation for users who ask their system to reduce motion.
  respectReducedMotion: true,
  // Self-hosted (fonts.css): Inter, and Noto Sans Devanagari for the Hindi letters Inter lacks (it
  // covers only Devanagari, so Latin text never falls to it). The rest is the fallback while a font is missing.
  fontFamily:
    '"Inter Variable", "Noto Sans Devanagari Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", sans-serif',
  headings: { fontWeight: '700' },
  // Breakpoints of the spec (spec 2 §9): mobile below 576 px, sidebar profile below 992 px.
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    // The focus placeholder is a focusable non-item inside role="menu", which ARIA does not allow
    // (axe aria-required-children); without it the menu focuses its first item, as ARIA expects.
    // A plain object rather than Menu.extend(), which would pull the whole Menu into the first load.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

const WHITE = DEFAULT_THEME.white;
const { gray, dark } = DEFAULT_THEME.colors;

/** Light surfaces text sits on: the body, gray 0 panels and gray 1 table stripes and hovers. */
const LIGHT_SURFACES = [WHITE, gray[0], gray[1]];
/** Dark surfaces: the body (dark 7), inputs and default buttons (dark 6), their hover (dark 5). */
const DARK_SURFACES = [dark[7], dark[6], dark[5]];

/** Per colour: its text, outline and light-variant text, readable on light or dark surfaces. */
function readableColorVariables(name: string, shades: MantineColorsTuple) {
  // Light scheme: shade 9, darkened until it reads on white, gray and the light variant's own
  // backgrounds (shade 1, and shade 2 on hover).
  const onLight = firstReadable(darkerSteps(shades[9]), [...LIGHT_SURFACES, shades[1], shades[2]]);
  // Dark scheme: shade 4 as Mantine has it, or a lighter one where 4 is too dark (violet), also
  // on the light variant's dark backgrounds.
  const onDark = firstReadable(
    [shades[4], shades[3], shades[2], shades[1], shades[0]],
    [...DARK_SURFACES, darken(shades[9], 0.5), darken(shades[9], 0.3)],
  );
  return {
    light: {
      [`--mantine-color-${name}-text`]: onLight,
      [`--mantine-color-${name}-light-color`]: onLight,
      [`--mantine-color-${name}-outline`]: onLight,
    },
    dark: {
      [`--mantine-color-${name}-text`]: onDark,
      [`--mantine-color-${name}-outline`]: onDark,
    },
  };
}

/** The portal's colour variables per scheme, on top of Mantine's own. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // Behind the login, logout and public invoice cards, and the mail preview.
    '--portside-surface-muted': 'var(--mantine-color-gray-0)',
  };
  const darkVars: Record<string, string> = {
    '--mantine-color-dimmed': '#adadad',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--portside-surface-muted': 'var(--mantine-color-dark-8)',
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark' || !shades) continue;
    const vars = readableColorVariables(name, shades);
    Object.assign(light, vars.light);
    Object.assign(darkVars, vars.dark);
  }
  return { variables: {}, light, dark: darkVars };
};
