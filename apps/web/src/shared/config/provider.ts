/**
 * The provider's name as this build shows it (VITE_PROVIDER_COMPANY, else the default): on the
 * contact pages, the abuse report and the reseller's banners and snippets.
 */
import { DEFAULT_PROVIDER_COMPANY } from './provider-defaults';

export const PROVIDER_COMPANY = (import.meta.env.VITE_PROVIDER_COMPANY as string | undefined) ?? DEFAULT_PROVIDER_COMPANY;
