/**
 * The built-in text of each content page (issue 16), shown while staff have written none for its
 * label: HTML in the `legal` namespace, in all six languages.
 */
import type { ContentPageLabel } from '@portside/contract/schemas/support';

export const CONTENT_DEFAULT_KEYS: Record<ContentPageLabel, string> = {
  privacy_policy: 'legal:privacy_html',
  terms_of_service: 'legal:terms_html',
  'client-area': 'legal:client_area_html',
  synology: 'legal:synology_html',
  dummy: 'legal:dummy_html',
};

/** The page title's key (the route's title in the `pages` namespace). */
export const CONTENT_TITLE_KEYS: Record<ContentPageLabel, string> = {
  privacy_policy: 'pages:titles.privacy_policy',
  terms_of_service: 'pages:titles.terms_of_service',
  'client-area': 'pages:titles.client_area',
  synology: 'pages:titles.synology',
  dummy: 'pages:titles.dummy',
};
