/**
 * The country a reseller's landing link names by default for each language of the page, so that
 * /welcome/<country> greets the visitor in that very language (contract languageForCountry maps
 * the country back): Poland for Polish, Germany for German, and so on; Britain for English.
 */
import type { Language } from '@portside/contract/constants';

export const LANDING_COUNTRY: Readonly<Record<Language, string>> = { en: 'GB', pl: 'PL', de: 'DE', pt: 'PT', hi: 'IN', fi: 'FI' };
