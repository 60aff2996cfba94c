/* global window, document */
/*
 * Applies the colour scheme before the app's first paint, as Mantine's ColorSchemeScript would;
 * a file of its own because the Content-Security-Policy (script-src 'self') refuses inline
 * scripts. The key and the values are those of the app's colour scheme manager (app/theme.ts).
 */
try {
  const chosen = window.localStorage.getItem('portside-color-scheme');
  const system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', chosen === 'light' || chosen === 'dark' ? chosen : system);
} catch {
  // No storage (private mode, blocked): Mantine sets the scheme once the app starts.
}
