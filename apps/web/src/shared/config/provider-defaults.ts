/**
 * The provider's name when the build sets none (VITE_PROVIDER_COMPANY): one place for the pages
 * that name the provider and for the build's reseller banners (vite.config.ts), which read it
 * outside the browser, so this file holds plain values only.
 */
export const DEFAULT_PROVIDER_COMPANY = 'Portside Cloud, Lda.';
