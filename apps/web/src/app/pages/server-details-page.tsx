/**
 * /servers/server-details/:provisioned_id — composed here because two features meet on it: the
 * Console tab comes from the console feature, and the tabs that are not built yet show the app's
 * 'not built yet' notice; features do not import each other or the app.
 */
import ServerDetails from '../../features/servers/pages/server-details-page';
import { ConsoleTab } from '../../features/console/components/console-tab';
import { NotBuiltPanel } from './not-built-panel';

export default function ServerDetailsPage() {
  return (
    <ServerDetails
      notBuilt={(tab, vm) =>
        tab === 'console' ? (
          <ConsoleTab provisionedId={vm.provisioned_id} running={vm.power_status === 'RUNNING'} />
        ) : (
          <NotBuiltPanel route="server_details" inTab />
        )
      }
    />
  );
}
