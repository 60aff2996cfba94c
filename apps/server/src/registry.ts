import type { Registry } from './http/access.js';
import { authRpcs } from './modules/auth/auth.routes.js';
import { profileRpcs, profileViews } from './modules/profile/profile.routes.js';
import { referenceViews } from './modules/reference/reference.routes.js';
import { devMailViews } from './modules/dev-mail/dev-mail.routes.js';
import { verificationFiles, verificationRpcs, verificationViews } from './modules/verification/verification.routes.js';
import { projectsRpcs, projectsViews } from './modules/projects/projects.routes.js';
import { sshKeysRpcs, sshKeysViews } from './modules/ssh-keys/ssh-keys.routes.js';
import { settingsRpcs, settingsViews } from './modules/settings/settings.routes.js';
import { telegramRpcs } from './modules/telegram/telegram.routes.js';
import { usersRpcs, usersViews } from './modules/users/users.routes.js';
import { auditViews } from './modules/audit/audit.routes.js';
import { vmsRpcs, vmsViews } from './modules/vms/vms.routes.js';
import { clustersRpcs, clustersViews } from './modules/clusters/clusters.routes.js';
import { consoleRpcs } from './modules/console/console.routes.js';
import { voucherRpcs } from './modules/voucher/voucher.routes.js';
import { paymentsRpcs, paymentsViews } from './modules/payments/payments.routes.js';
import { offersRpcs, offersViews } from './modules/offers/offers.routes.js';
import { billingFiles, billingViews } from './modules/billing/billing.routes.js';
import { ordersRpcs } from './modules/orders/orders.routes.js';
import { servicesRpcs, servicesViews } from './modules/services/services.routes.js';
import { sessionsRpcs, sessionsViews } from './modules/sessions/sessions.routes.js';

/** Every route of the API, each with its declared access. Later modules add theirs here. */
export function buildRegistry(): Registry {
  return {
    views: [
      ...projectsViews,
      ...sshKeysViews,
      ...profileViews,
      ...referenceViews,
      ...devMailViews,
      ...usersViews,
      ...auditViews,
      ...settingsViews,
      ...verificationViews,
      ...vmsViews,
      ...clustersViews,
      ...paymentsViews,
      ...offersViews,
      ...billingViews,
      ...servicesViews,
      ...sessionsViews,
    ],
    rpcs: [
      ...projectsRpcs,
      ...sshKeysRpcs,
      ...authRpcs,
      ...profileRpcs,
      ...usersRpcs,
      ...settingsRpcs,
      ...telegramRpcs,
      ...verificationRpcs,
      ...vmsRpcs,
      ...clustersRpcs,
      ...consoleRpcs,
      ...voucherRpcs,
      ...paymentsRpcs,
      ...offersRpcs,
      ...ordersRpcs,
      ...servicesRpcs,
      ...sessionsRpcs,
    ],
    files: [...verificationFiles, ...billingFiles],
  };
}
