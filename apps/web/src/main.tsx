/** Start-up: styles, i18n, the referral capture, then the router. */
import '@mantine/core/styles.css';
import './app/buttons.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from './shared/i18n/i18n';
import { captureReferralFromUrl } from './features/auth/referral';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

captureReferralFromUrl();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

await initI18n();
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
