import type { FakeTask, FakeVm } from './fake-pve-create.js';
import type { DataContext } from './fake-pve-data.js';

/**
 * The fake PVE's snapshots and CD drive (part of fake-pve-data.ts): `GET snapshot` (with the
 * pseudo entry `current`), `POST snapshot`, `DELETE snapshot/{name}`,
 * `POST snapshot/{name}/rollback` (tasks qmsnapshot, qmdelsnapshot, qmrollback under the locks
 * snapshot, snapshot-delete, rollback; a snapshot keeps a copy of the config, which a rollback
 * brings back and stops the VM). A taken name, an unknown snapshot, a rollback to one that is not
 * the newest (ZFS's rule) and a VM locked already fail inside the task, as on Proxmox.
 * `POST config` (async, a `qmconfig` task applied when it ends) for `ide2` and `boot`: an ISO
 * volume the node lacks is refused at once (wording unverified), a boot order naming a device the
 * VM lacks is 400.
 */

/** A snapshot: its note, time, parent and the config it keeps. */
interface FakeSnapshot {
  name: string;
  description: string;
  snaptime: number;
  parent: string | null;
  config: Record<string, string | number>;
}

type Route = [string, RegExp, (m: string[], p: Record<string, string>) => unknown];

const SNAPNAME = /^[A-Za-z][A-Za-z0-9_-]+$/;
const NOT_IN_SCHEMA = 'property is not defined in schema and the schema does not allow additional properties';

/** A config without the lock the running task holds (a snapshot or backup keeps none). */
export const unlockedCopy = (cfg: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(cfg).filter(([k]) => k !== 'lock'));

/** The snapshot and CD endpoints, the settling of their tasks, and the snapshots they keep. */
export function snapshotRoutes(ctx: DataContext & { hasVolume(node: string, volid: string): boolean }) {
  const snapshots = new Map<number, { current: string | null; list: Map<string, FakeSnapshot> }>();
  const snapsOf = (vmid: number) => {
    if (!snapshots.has(vmid)) snapshots.set(vmid, { current: null, list: new Map() });
    return snapshots.get(vmid)!;
  };
  const unknownKeys = (p: Record<string, string>, known: string[], errors: Record<string, string>) => {
    for (const k of Object.keys(p)) if (!known.includes(k)) errors[k] = NOT_IN_SCHEMA;
  };
  const lockOf = (vm: FakeVm) => (vm.config.lock ? `VM is locked (${vm.config.lock})` : undefined);

  /** Applies an ended task of this part that did not fail. */
  function settle(t: FakeTask, vm: FakeVm): void {
    const p = t.params ?? {};
    if (t.type === 'qmsnapshot') {
      const s = snapsOf(vm.vmid);
      s.list.set(p.snapname!, {
        name: p.snapname!,
        description: p.description ?? '',
        snaptime: Math.floor(t.endsAt / 1000),
        parent: s.current,
        config: unlockedCopy(vm.config),
      });
      s.current = p.snapname!;
    } else if (t.type === 'qmdelsnapshot') {
      const s = snapsOf(vm.vmid);
      const gone = s.list.get(p.snapname!)!;
      for (const other of s.list.values()) if (other.parent === gone.name) other.parent = gone.parent;
      if (s.current === gone.name) s.current = gone.parent;
      s.list.delete(gone.name);
    } else if (t.type === 'qmrollback') {
      const s = snapsOf(vm.vmid);
      vm.config = { ...s.list.get(p.snapname!)!.config };
      vm.running = false;
      s.current = p.snapname!;
    } else if (t.type === 'qmconfig') ctx.applyConfig(vm, p);
  }

  const routes: Route[] = [
    [
      'GET',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/snapshot$/,
      ([, n, id]) => {
        const vm = ctx.vmOn(n!, id!);
        const s = snapsOf(vm.vmid);
        return [
          ...[...s.list.values()].map((x) => ({
            name: x.name,
            description: x.description,
            snaptime: x.snaptime,
            vmstate: 0,
            ...(x.parent ? { parent: x.parent } : {}),
          })),
          {
            name: 'current',
            description: 'You are here!',
            running: vm.running ? 1 : 0,
            ...(s.current ? { parent: s.current } : {}),
          },
        ];
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/snapshot$/,
      ([, n, id], p) => {
        const vm = ctx.vmOn(n!, id!);
        const errors: Record<string, string> = {};
        unknownKeys(p, ['snapname', 'description', 'vmstate'], errors);
        if (p.snapname === undefined) errors.snapname = 'property is missing and it is not optional';
        else if (!SNAPNAME.test(p.snapname)) errors.snapname = `invalid format - invalid configuration ID '${p.snapname}'`;
        else if (p.snapname.length > 40) errors.snapname = 'value may only be 40 characters long';
        if (Object.keys(errors).length) throw ctx.paramError(errors);
        if (p.snapname === 'current') throw ctx.fail(500, "unable to use snapshot name 'current' (reserved name)");
        const refused =
          lockOf(vm) ?? (snapsOf(vm.vmid).list.has(p.snapname!) ? `snapshot name '${p.snapname}' already used` : undefined);
        const params = { snapname: p.snapname!, ...(p.description ? { description: p.description } : {}) };
        return ctx.startTask(vm, 'qmsnapshot', params, refused ? { failure: refused } : { lock: 'snapshot' });
      },
    ],
    [
      'DELETE',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/snapshot\/([^/]+)$/,
      ([, n, id, name]) => {
        const vm = ctx.vmOn(n!, id!);
        const refused = lockOf(vm) ?? (snapsOf(vm.vmid).list.has(name!) ? undefined : `snapshot '${name}' does not exist`);
        return ctx.startTask(
          vm,
          'qmdelsnapshot',
          { snapname: name! },
          refused ? { failure: refused } : { lock: 'snapshot-delete' },
        );
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/snapshot\/([^/]+)\/rollback$/,
      ([, n, id, name]) => {
        const vm = ctx.vmOn(n!, id!);
        const s = snapsOf(vm.vmid);
        const newer = [...s.list.values()].some((x) => x.parent === name);
        const refused =
          lockOf(vm) ??
          (!s.list.has(name!)
            ? `snapshot '${name}' does not exist`
            : newer
              ? `can't rollback, '${name}' is not most recent snapshot on 'local-zfs:vm-${vm.vmid}-disk-0'`
              : undefined);
        return ctx.startTask(vm, 'qmrollback', { snapname: name! }, refused ? { failure: refused } : { lock: 'rollback' });
      },
    ],
    [
      'POST',
      /^\/nodes\/([^/]+)\/qemu\/([^/]+)\/config$/,
      ([, n, id], p) => {
        const vm = ctx.vmOn(n!, id!);
        ctx.checkConfig(vm, p);
        const iso = p.ide2 === undefined ? null : /^([^:,]+:iso\/[^,]+)(?:,|$)/.exec(p.ide2)?.[1];
        if (iso && !ctx.hasVolume(vm.node, iso)) throw ctx.fail(500, `volume '${iso}' does not exist`);
        const order = /(?:^|,)order=([^,]*)/.exec(p.boot ?? '')?.[1];
        for (const dev of order ? order.split(';') : [])
          if (vm.config[dev] === undefined && !(dev === 'ide2' && p.ide2 !== undefined))
            throw ctx.paramError({ boot: `invalid bootorder: device '${dev}' does not exist'` });
        return ctx.startTask(vm, 'qmconfig', p);
      },
    ],
  ];

  return {
    routes,
    settle,
    types: new Set(['qmsnapshot', 'qmdelsnapshot', 'qmrollback', 'qmconfig']),
    /** A destroyed or restored VM's snapshots go with its disks. */
    forget(vmid: number) {
      snapshots.delete(vmid);
    },
  };
}
