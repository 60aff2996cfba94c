import type { Registry } from './routes/route-defs.js';
import { inArea } from './routes/token-areas.js';
import { apiTokensRpcs } from './modules/api-tokens/api-tokens.routes.js';
import { apiTokensViews } from './modules/api-tokens/api-tokens.views.js';
import { authRpcs } from './modules/auth/auth.routes.js';
import { profileRpcs } from './modules/profile/profile.routes.js';
import { profileViews } from './modules/profile/profile.views.js';
import { referenceViews } from './modules/reference/reference.views.js';
import { devMailViews } from './modules/dev-mail/dev-mail.views.js';
import { verificationFiles, verificationRpcs } from './modules/verification/verification.routes.js';
import { verificationViews } from './modules/verification/verification.views.js';
import { projectsRpcs } from './modules/projects/projects.routes.js';
import { projectsViews } from './modules/projects/projects.views.js';
import { sshKeysRpcs } from './modules/ssh-keys/ssh-keys.routes.js';
import { sshKeysViews } from './modules/ssh-keys/ssh-keys.views.js';
import { settingsRpcs } from './modules/settings/settings.routes.js';
import { settingsViews } from './modules/settings/settings.views.js';
import { telegramRpcs } from './modules/telegram/telegram.routes.js';
import { usersRpcs } from './modules/users/users.routes.js';
import { usersViews } from './modules/users/users.views.js';
import { auditViews } from './modules/audit/audit.views.js';
import { vmsRpcs } from './modules/vms/vms.routes.js';
import { vmsViews } from './modules/vms/vms.views.js';
import { vmDataRpcs } from './modules/vm-data/vm-data.routes.js';
import { vmLifecycleRpcs } from './modules/vm-lifecycle/vm-lifecycle.routes.js';
import { vmDataViews } from './modules/vm-data/vm-data.views.js';
import { isoFiles, isoRpcs } from './modules/iso/iso.routes.js';
import { isoViews } from './modules/iso/iso.views.js';
import { clustersRpcs } from './modules/clusters/clusters.routes.js';
import { clustersViews } from './modules/clusters/clusters.views.js';
import { infraRpcs } from './modules/infra/infra.routes.js';
import { infraViews } from './modules/infra/infra.views.js';
import { consoleRpcs } from './modules/console/console.routes.js';
import { voucherRpcs } from './modules/voucher/voucher.routes.js';
import { paymentsRpcs } from './modules/payments/payments.routes.js';
import { paymentsViews } from './modules/payments/payments.views.js';
import { offersRpcs } from './modules/offers/offers.routes.js';
import { offersViews } from './modules/offers/offers.views.js';
import { billingFiles } from './modules/billing/billing.routes.js';
import { billingViews } from './modules/billing/billing.views.js';
import { ordersRpcs } from './modules/orders/orders.routes.js';
import { servicesRpcs } from './modules/services/services.routes.js';
import { servicesViews } from './modules/services/services.views.js';
import { sessionsRpcs } from './modules/sessions/sessions.routes.js';
import { sessionsViews } from './modules/sessions/sessions.views.js';
import { networkViews } from './modules/network/network.views.js';
import { networkRpcs } from './modules/network/network.routes.js';
import { supportViews } from './modules/support/support.views.js';
import { supportFiles, supportRpcs } from './modules/support/support.routes.js';
import { dedicatedViews } from './modules/dedicated/dedicated.views.js';
import { dedicatedRpcs } from './modules/dedicated/dedicated.routes.js';
import { dedicatedPricesViews } from './modules/dedicated-prices/dedicated-prices.views.js';
import { dedicatedPricesRpcs } from './modules/dedicated-prices/dedicated-prices.routes.js';
import { resellerViews } from './modules/reseller/reseller.views.js';
import { resellerFiles, resellerRpcs } from './modules/reseller/reseller.routes.js';
import { vpnViews } from './modules/vpn/vpn.views.js';
import { vpnRpcs } from './modules/vpn/vpn.routes.js';
import { clientsViews } from './modules/clients/clients.views.js';
import { clientsRpcs } from './modules/clients/clients.routes.js';
import { staffViews } from './modules/staff/staff.views.js';
import { staffRpcs } from './modules/staff/staff.routes.js';
import { cloudPricesRpcs, cloudPricesViews } from './modules/cloud-prices/cloud-prices.routes.js';
import { pricesRpcs, pricesViews } from './modules/prices/prices.routes.js';
import { routersViews } from './modules/routers/routers.views.js';
import { routersRpcs } from './modules/routers/routers.routes.js';
import { financeViews } from './modules/finance/finance.views.js';
import { financeFiles, financeRpcs } from './modules/finance/finance.routes.js';
import { twoFactorRpcs } from './modules/two-factor/two-factor.routes.js';
import { twoFactorViews } from './modules/two-factor/two-factor.views.js';

/**
 * The settings that stay session-only: the password, the inactivity logout, the session's token
 * and deleting the account are never a personal API token's to change (issue 19).
 */
const SESSION_ONLY_SETTINGS = ['RefreshToken', 'ResetPassword', 'ProfileUpdateTimeout', 'AccountDelete'];

/**
 * Every route of the API, each with its declared access. Later modules add theirs here. Each
 * module's routes are put in the area a personal API token's scope names (inArea); a module
 * without one (sign-in, sessions, users and claims, verification, tokens, staff tools) is for a
 * logged-in session only.
 */
export function buildRegistry(): Registry {
  return {
    views: [
      ...inArea('servers', projectsViews),
      ...inArea('servers', sshKeysViews),
      ...inArea('account', profileViews),
      ...referenceViews,
      ...devMailViews,
      ...inArea('account', usersViews),
      ...inArea('account', auditViews),
      ...inArea('account', settingsViews),
      ...verificationViews,
      ...inArea('servers', vmsViews),
      ...inArea('servers', vmDataViews),
      ...inArea('servers', isoViews),
      ...clustersViews,
      ...inArea('billing', paymentsViews),
      ...inArea('billing', offersViews),
      ...inArea('billing', billingViews),
      ...inArea('billing', servicesViews),
      ...sessionsViews,
      ...apiTokensViews,
      ...inArea('network', networkViews),
      ...inArea('account', supportViews),
      ...inArea('servers', dedicatedViews),
      ...dedicatedPricesViews,
      ...resellerViews,
      ...inArea('network', vpnViews),
      ...clientsViews,
      ...staffViews,
      ...routersViews,
      ...cloudPricesViews,
      ...inArea('billing', financeViews),
      ...pricesViews,
      ...infraViews,
      ...twoFactorViews,
    ],
    rpcs: [
      ...inArea('servers', projectsRpcs),
      ...inArea('servers', sshKeysRpcs),
      ...authRpcs,
      ...inArea('account', profileRpcs),
      ...usersRpcs,
      ...inArea('account', settingsRpcs, SESSION_ONLY_SETTINGS),
      ...telegramRpcs,
      ...verificationRpcs,
      ...inArea('servers', vmsRpcs),
      ...inArea('servers', vmDataRpcs),
      ...inArea('servers', vmLifecycleRpcs),
      ...inArea('servers', isoRpcs),
      ...clustersRpcs,
      ...inArea('servers', consoleRpcs),
      ...inArea('billing', voucherRpcs),
      ...inArea('billing', paymentsRpcs),
      ...inArea('billing', offersRpcs),
      ...inArea('billing', ordersRpcs),
      ...inArea('billing', servicesRpcs),
      ...sessionsRpcs,
      ...apiTokensRpcs,
      ...inArea('network', networkRpcs),
      ...inArea('account', supportRpcs),
      ...inArea('servers', dedicatedRpcs),
      ...dedicatedPricesRpcs,
      ...resellerRpcs,
      ...inArea('network', vpnRpcs),
      ...clientsRpcs,
      ...staffRpcs,
      ...routersRpcs,
      ...cloudPricesRpcs,
      ...pricesRpcs,
      ...financeRpcs,
      ...infraRpcs,
      ...twoFactorRpcs,
    ],
    files: [
      ...verificationFiles,
      ...inArea('billing', billingFiles),
      ...inArea('servers', isoFiles),
      ...inArea('account', supportFiles),
      ...resellerFiles,
      ...inArea('billing', financeFiles),
    ],
  };
}
