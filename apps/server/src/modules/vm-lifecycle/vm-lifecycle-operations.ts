/**
 * The steps of a server's lifecycle operations (issue 14), run inside the VmOperation job
 * (vms/vm-operations.ts) like the data operations: every step has a fixed number, its cluster task
 * is recorded before the job waits on it, and a re-run after a crash goes on where it stopped.
 * Changes of the monthly price (upgrade, resize, IPv4) are recorded and invoiced in the transaction
 * that closes the operation, once per operation.
 */
import type { CreateVmSpec } from '../../drivers/hypervisor/hypervisor.js';
import { HypervisorError } from '../../drivers/hypervisor/hypervisor.js';
import { openSecret } from '../../drivers/hypervisor/secret-box.js';
import type { Tx } from '../../db/database.js';
import { findVmImage } from '@portside/contract/images';
import { proratedChange } from '@portside/contract/rules/vm-lifecycle';
import { serverText, type ServerText } from '@portside/contract/server-texts';
import type { VmRecord } from '../vms/vms.repository.js';
import { OperationFailed } from '../vms/operation-failed.js';
import { assignIpv4, networkOf } from '../vms/ip-pools.repository.js';
import { issueChangeInvoice, utcDay } from '../billing/invoicing.js';
import type { DataFinish, DataStepContext } from '../vm-data/vm-data-operations.js';
import * as repo from './vm-lifecycle.repository.js';
import { configLostWithRebuild } from '../vpn/vpn.repository.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));

/** The password an operation carries sealed in its parameters (dropped when it finishes). */
function password(c: DataStepContext): string {
  const sealed = c.op.params.secret;
  if (typeof sealed !== 'string')
    throw new OperationFailed(serverText('terminal:ops.failed.cluster', { reason: 'The password is no longer available' }));
  return openSecret(c.deps.secrets.dataKey, sealed);
}

/** Whether the server was running when the operation was asked for (kept in its parameters). */
const wasRunning = (c: DataStepContext) => c.op.params.wasRunning === true;

/**
 * Closes a change of the monthly price: records it, applies it to the server and charges the
 * difference from today to the month's end (an invoice of its own), once per operation.
 */
function planChange(c: DataStepContext, change: repo.PlanChange, line: (r: repo.RecordedChange) => string, text: ServerText) {
  return async (tx: Tx): Promise<{ text: ServerText }> => {
    const today = utcDay();
    const recorded = await repo.recordPlanChange(tx, c.vm, c.op.id, change, today);
    if (recorded.created) {
      const charge = proratedChange(recorded.monthly_delta_cents ?? 0, today, await repo.trialUntil(tx, c.vm.provisioned_id));
      if (charge.cents > 0) {
        const invoice = await issueChangeInvoice(
          tx,
          c.vm.client_id,
          {
            description: line(recorded),
            equipment_id: null,
            provisioned_id: c.vm.provisioned_id,
            period_from: charge.from,
            period_to: charge.to,
            days: charge.days,
            monthly_cents: charge.monthlyCents,
            amount_cents: charge.cents,
          },
          today,
        );
        await repo.setChangeInvoice(tx, recorded.id, invoice.id);
      }
    }
    return { text };
  };
}

/** The new server's first-boot spec of a rebuild: same vmid, node, name, size; the new image, keys and password. */
async function rebuildSpec(c: DataStepContext, vm: VmRecord): Promise<CreateVmSpec> {
  const { keys, network, hw } = await c.deps.db.system(async (tx) => ({
    keys: await repo.projectKeys(tx, vm.provisioned_id),
    network: await networkOf(tx, String(vm.provisioned_id)),
    hw: await repo.modelSize(tx, vm.provisioned_id),
  }));
  return {
    vmid: vm.vmid,
    node: vm.node,
    name: vm.name,
    image: str(c.op.params.image),
    cores: hw.cores,
    memoryMb: hw.ram_gb * 1024,
    diskGb: vm.disk_gb,
    sshKeys: keys,
    rootPassword: password(c),
    ...(network ? { network } : {}),
  };
}

/** Runs a lifecycle action's steps and answers what closes it; null when `action` is not one. */
export async function runLifecycleAction(c: DataStepContext): Promise<DataFinish | null> {
  const { driver, vm, op } = c;
  const p = op.params;
  switch (op.action) {
    case 'boot-order': {
      const order = str(p.order);
      await c.taskStep(0, async () => {
        await driver.setBootOrder(vm.vmid, [...order] as ('c' | 'd' | 'n')[]);
        return null;
      });
      const reboot = p.reboot === true && wasRunning(c);
      if (reboot) await c.powerStep(1, 'reboot');
      return async (tx) => {
        await repo.setVmSettings(tx, vm.provisioned_id, { boot_order: order });
        return {
          text: serverText(reboot ? 'terminal:ops.boot_order.done_rebooted' : 'terminal:ops.boot_order.done', { order }),
          state: order,
        };
      };
    }

    case 'bios': {
      const bios = p.bios === 'ovmf' ? 'ovmf' : 'seabios';
      await c.taskStep(0, () => driver.setBios(vm.vmid, bios));
      return async (tx) => {
        await repo.setVmSettings(tx, vm.provisioned_id, { bios });
        return { text: serverText('terminal:ops.bios.done', { bios: bios === 'ovmf' ? 'OVMF (UEFI)' : 'SeaBIOS' }), state: bios };
      };
    }

    case 'tpm-add':
    case 'tpm-remove': {
      const on = op.action === 'tpm-add';
      await c.taskStep(0, () => driver.setTpm(vm.vmid, on));
      return async (tx) => {
        await repo.setVmSettings(tx, vm.provisioned_id, { tpm: on });
        return { state: on ? 'on' : 'off' };
      };
    }

    case 'root-password': {
      const user = str(p.user) || 'root';
      await c.taskStep(0, async () => {
        await driver.setUserPassword(vm.vmid, user, password(c));
        return null;
      });
      return async () => ({ text: serverText('terminal:ops.root_password.done', { user }) });
    }

    case 'upgrade': {
      const model = str(p.model);
      const cores = num(p.cores);
      const ramGb = num(p.ram_gb);
      const diskGb = num(p.disk_gb);
      await c.taskStep(0, async () => {
        await c.say(serverText('terminal:ops.upgrade.hardware', { cores, ram_gb: ramGb }));
        await driver.setHardware(vm.vmid, cores, ramGb * 1024);
        return null;
      });
      await c.taskStep(1, async () => {
        if ((await driver.config(vm.vmid)).diskGb >= diskGb) return null;
        await c.say(serverText('terminal:ops.upgrade.disk', { disk_gb: diskGb }));
        return driver.growDisk(vm.vmid, diskGb);
      });
      // A running server takes the new cores and memory when it is rebooted.
      if (wasRunning(c)) {
        await c.say(serverText('terminal:ops.upgrade.reboot'));
        await c.powerStep(2, 'reboot');
      }
      return planChange(
        c,
        { kind: 'upgrade', modelId: num(p.model_id), diskGb, externalIpv4: vm.external_ipv4 },
        (r) => `Upgrade ${r.old_code} → ${r.new_code} · ${vm.name}`,
        serverText('terminal:ops.upgrade.done', { model }),
      );
    }

    case 'resize': {
      const diskGb = num(p.disk_gb);
      await c.taskStep(0, () => driver.growDisk(vm.vmid, diskGb));
      return planChange(
        c,
        { kind: 'resize', modelId: vm.model_id, diskGb, externalIpv4: vm.external_ipv4 },
        (r) => `Disk ${r.old_disk_gb} → ${r.new_disk_gb} GB · ${vm.name}`,
        serverText('terminal:ops.resize.done', { disk_gb: diskGb }),
      );
    }

    case 'rebuild': {
      const image = str(p.image);
      const imageName = findVmImage(image)?.name ?? image;
      const spec = await rebuildSpec(c, vm);
      await c.say(serverText('terminal:ops.rebuild.stop'));
      await c.powerStep(0, 'stop');
      await c.taskStep(1, async () => {
        await c.say(serverText('terminal:ops.rebuild.erase'));
        try {
          await driver.status(vm.vmid);
        } catch (e) {
          if (e instanceof HypervisorError && e.code === 'NOT_FOUND') return null; // erased already
          throw e;
        }
        return driver.delete(vm.vmid);
      });
      await c.taskStep(2, async () => {
        await c.say(serverText('terminal:ops.rebuild.image', { image: imageName }));
        return (await driver.create(spec)).taskId;
      });
      await c.taskStep(3, async () => {
        await c.say(serverText('terminal:ops.rebuild.setup'));
        return driver.finishCreate(vm.vmid, spec);
      });
      await c.say(serverText('terminal:ops.rebuild.boot'));
      await c.powerStep(4, 'start');
      const cfg = await driver.config(vm.vmid);
      return async (tx) => {
        await repo.setVmSettings(tx, vm.provisioned_id, { image_id: image, bios: cfg.bios, tpm: cfg.tpm, boot_order: 'dcn' });
        await repo.clearAfterRebuild(tx, vm.provisioned_id);
        // The new guest has no WireGuard configuration: a VPN server's is due again (the vpn.sweep job pushes it).
        await configLostWithRebuild(tx, vm.provisioned_id);
        return { text: serverText('terminal:ops.rebuild.done', { image: imageName }) };
      };
    }

    case 'assign-ipv4': {
      // The address is taken first (a lock per location: never two servers on one address) and kept
      // by a re-run; the server is billed for it once the cluster has it.
      const ip = await c.deps.db.system(async (tx) => {
        const have = await assignIpv4(tx, vm.provisioned_id, await repo.locationOf(tx, vm.provisioned_id));
        if (!have)
          throw new OperationFailed(
            serverText('terminal:ops.failed.cluster', { reason: 'No free IPv4 address is left in this location' }),
          );
        return have;
      });
      await c.say(serverText('terminal:ops.assign_ipv4.running', { ip }));
      await c.taskStep(0, async () => {
        const network = await c.deps.db.system((tx) => networkOf(tx, String(vm.provisioned_id)));
        if (!network?.ipv4)
          throw new OperationFailed(
            serverText('terminal:ops.failed.cluster', {
              reason: network
                ? `The address ${ip} is in no pool of the location`
                : 'The server has no static IPv6 address to go with it',
            }),
          );
        await driver.setNetwork(vm.vmid, network);
        return null;
      });
      return planChange(
        c,
        { kind: 'ipv4', modelId: vm.model_id, diskGb: vm.disk_gb, externalIpv4: Math.max(1, vm.external_ipv4) },
        () => `IPv4 address ${ip} · ${vm.name}`,
        serverText('terminal:ops.assign_ipv4.done', { ip }),
      );
    }

    default:
      return null;
  }
}
