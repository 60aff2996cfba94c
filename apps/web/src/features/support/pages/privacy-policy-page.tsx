/** /privacy-policy (public): the privacy policy staff wrote, or the built-in one. */
import { ContentPage } from '../components/content-page';

export default function PrivacyPolicyPage() {
  return <ContentPage label="privacy_policy" />;
}
