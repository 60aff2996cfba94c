/** /client-area: the client area's text (a help text, or the built-in one) and the account's billing. */
import { BillingOverview } from '../components/billing-overview';
import { ContentPage } from '../components/content-page';

export default function ClientAreaPage() {
  return (
    <ContentPage label="client-area">
      <BillingOverview />
    </ContentPage>
  );
}
