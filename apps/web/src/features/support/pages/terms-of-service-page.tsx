/** /terms-of-service (public): the terms staff wrote, or the built-in ones. */
import { ContentPage } from '../components/content-page';

export default function TermsOfServicePage() {
  return <ContentPage label="terms_of_service" />;
}
