/** /dummy: a content page whose meaning the spec does not show; staff may fill it with any text. */
import { ContentPage } from '../components/content-page';

export default function DummyPage() {
  return <ContentPage label="dummy" />;
}
