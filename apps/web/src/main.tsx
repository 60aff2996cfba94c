/** Start-up: styles and fonts, i18n, the referral capture, then the router. */
import '@mantine/core/styles.css';
import './app/buttons.css';
import './app/fonts.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n, initialLanguage } from './shared/i18n/i18n';
import { fontsReady, watchLanguageFonts } from './app/fonts';
import { captureReferralFromUrl } from './features/auth/referral';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

captureReferralFromUrl();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The first render waits for the start-up texts and (briefly) the fonts, so neither swaps in under the user.
watchLanguageFonts();
await Promise.all([initI18n(), fontsReady(initialLanguage())]);
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
