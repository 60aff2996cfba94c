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

/** The page's heading, written with its default text. */
export const CONTENT_TITLE_KEYS: Record<ContentPageLabel, string> = {
  privacy_policy: 'legal:privacy_title',
  terms_of_service: 'legal:terms_title',
  'client-area': 'legal:client_area_title',
  synology: 'legal:synology_title',
  dummy: 'legal:dummy_title',
};
