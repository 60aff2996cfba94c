/**
 * /servers/server-details/:provisioned_id — composed here because the tabs that are not built yet
 * show the app's 'not built yet' panel, and features do not import the app.
 */
import ServerDetails from '../../features/servers/pages/server-details-page';
import { NotBuiltPanel } from './not-built-panel';

export default function ServerDetailsPage() {
  return <ServerDetails notBuilt={() => <NotBuiltPanel route="server_details" inTab />} />;
}
