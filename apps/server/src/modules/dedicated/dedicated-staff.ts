/**
 * The staff's dedicated-server calls (issue 17; the screens are issue 18's): RegisterBmc (the
 * password sealed with the data key before it is stored, never answered), DedicatedServerCreate
 * (a machine rented to a client from today as a service, or in stock, or an install's machine handed
 * over with the service its order started), ServerInstallCreate and
 * ServerInstallStep (an ordered server's install moves forward through its steps).
 */
import {
  INSTALL_STEPS,
  type DedicatedServerCreateBody,
  type InstallStep,
  type RegisterBmcBody,
} from '@portside/contract/schemas/dedicated';
import type { UserCtx } from '../../routes/handler-context.js';
import { AppError } from '../../http/errors.js';
import { JobName } from '../../jobs/job-types.js';
import { registerBmc } from '../../drivers/baremetal/registry.repository.js';
import * as repo from './dedicated-staff.repository.js';
import { setGatewayTokenHash } from './ipmi-gateway.repository.js';
import { newGatewayToken } from './ipmi-gateway.js';

const invalid = (field: string) => new AppError('VALIDATION_FAILED', { details: `${field}: invalid_data` });

export async function registerBmcCall(u: UserCtx, b: RegisterBmcBody): Promise<{ success: true; id: number }> {
  const id = await registerBmc(u.db.owner, u.secrets.dataKey, {
    name: b.p_name,
    driver: b.p_driver,
    address: b.p_address,
    systemId: b.p_system_id ?? '1',
    username: b.p_username,
    password: b.p_password,
    useSession: b.p_use_session ?? false,
    caPem: b.p_ca_pem ?? null,
  }).catch((e: unknown) => {
    if ((e as { code?: string }).code === '23505') throw new AppError('BMC_NAME_TAKEN', { details: `p_name: ${b.p_name}` });
    throw e;
  });
  return { success: true, id };
}

export async function createServer(u: UserCtx, b: DedicatedServerCreateBody): Promise<{ success: true; serial: string }> {
  await u.db.system(async (tx) => {
    const install = b.p_install === undefined ? null : await repo.lockInstall(tx, b.p_install);
    if (b.p_install !== undefined) {
      if (!install) throw new AppError('DEDICATED_NOT_FOUND', { details: `p_install: ${b.p_install}` });
      if (install.step === 'handed-over') throw new AppError('INSTALL_STEP_BACKWARDS', { details: `step: ${install.step}` });
      if (b.p_client !== undefined && b.p_client !== install.client_id) throw invalid('p_client');
      if (b.p_location !== install.location_id) throw invalid('p_location');
    } else if (b.p_base_cents === undefined) throw invalid('p_base_cents');
    // An install's own reference may become the machine's serial; any other serial must be free.
    if (b.p_serial !== install?.serial && (await repo.serialTaken(tx, b.p_serial)))
      throw new AppError('DEDICATED_SERIAL_TAKEN', { details: `p_serial: ${b.p_serial}` });
    if (!(await repo.locationExists(tx, b.p_location))) throw invalid('p_location');
    if (b.p_bmc !== undefined && !(await repo.bmcExists(tx, b.p_bmc))) throw invalid('p_bmc');
    if (b.p_client !== undefined && !(await repo.clientExists(tx, b.p_client))) throw invalid('p_client');
    const clientId = install?.client_id ?? b.p_client ?? null;
    const baseCents = b.p_base_cents ?? install!.monthly_cents;
    const equipmentId =
      install?.equipment_id ??
      (clientId === null
        ? null
        : await repo.insertServerService(tx, {
            clientId,
            model: b.p_model,
            hostname: b.p_hostname,
            location: b.p_location,
            cents: baseCents,
          }));
    await repo.insertServer(tx, {
      serial: b.p_serial,
      clientId,
      equipmentId,
      bmcId: b.p_bmc ?? null,
      location: b.p_location,
      hostname: b.p_hostname,
      model: b.p_model,
      cpuFamily: b.p_cpu_family,
      cpuName: b.p_cpu_name,
      baseCents,
      ipv4: b.p_ipv4 ?? null,
      // The ordered price covers the machine as it was ordered.
      partsIncluded: install !== null && b.p_base_cents === undefined,
    });
    if (install) await repo.setInstallStep(tx, install.serial, 'handed-over', b.p_serial);
  });
  // Its state and inventory are read at once rather than at the next period.
  if (b.p_bmc !== undefined)
    await u.jobs.send(JobName.DedicatedSync, {}).catch((e: unknown) => u.log.warn({ err: e }, 'dedicated sync not sent'));
  return { success: true, serial: b.p_serial };
}

export async function createInstall(
  u: UserCtx,
  b: { p_client: string; p_offer: number; p_hostname: string },
): Promise<{ success: true; serial: string }> {
  return u.db.system(async (tx) => {
    if (!(await repo.clientExists(tx, b.p_client))) throw invalid('p_client');
    if (!(await repo.findOffer(tx, b.p_offer))) throw invalid('p_offer');
    const serial = await repo.insertInstall(tx, {
      clientId: b.p_client,
      orderId: null,
      offerId: b.p_offer,
      hostname: b.p_hostname,
    });
    return { success: true, serial };
  });
}

export async function moveInstall(
  u: UserCtx,
  b: { p_serial: string; p_step: InstallStep; p_new_serial?: string | undefined },
): Promise<{ success: true; serial: string }> {
  return u.db.system(async (tx) => {
    const install = await repo.lockInstall(tx, b.p_serial);
    if (!install) throw new AppError('DEDICATED_NOT_FOUND', { details: `p_serial: ${b.p_serial}` });
    if (INSTALL_STEPS.indexOf(b.p_step) <= INSTALL_STEPS.indexOf(install.step as InstallStep))
      throw new AppError('INSTALL_STEP_BACKWARDS', { details: `step: ${install.step}` });
    if (b.p_new_serial && b.p_new_serial !== b.p_serial && (await repo.serialTaken(tx, b.p_new_serial)))
      throw new AppError('DEDICATED_SERIAL_TAKEN', { details: `p_new_serial: ${b.p_new_serial}` });
    const serial = await repo.setInstallStep(tx, b.p_serial, b.p_step, b.p_new_serial ?? null);
    return { success: true, serial };
  });
}

/** IpmiGatewayToken: a new agent token for the location's IPMI gateway, shown once; the old one stops working. */
export async function ipmiGatewayToken(u: UserCtx, b: { p_location: string }): Promise<{ location: string; token: string }> {
  const { token, hash } = newGatewayToken();
  const found = await u.db.system((tx) => setGatewayTokenHash(tx, b.p_location, hash));
  if (!found) throw invalid('p_location');
  return { location: b.p_location, token };
}
