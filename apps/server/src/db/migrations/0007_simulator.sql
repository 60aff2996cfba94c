-- Up Migration

-- The hypervisor simulator's cluster (DESIGN §4, issue 4): a Proxmox-like set of nodes, VMs and
-- tasks kept in PostgreSQL so simulated VMs survive restarts. These tables belong to the system,
-- not to any account: they have no client_id and no row-level security. The portal's own records
-- of customers' VMs live elsewhere and point at a vmid here, as they would at a real cluster.
-- portside_app gets no rights at all (REVOKE below): only the simulator driver reads and writes
-- them, through the owner pool (`Database.owner`), exactly as a real driver talks to a cluster.

CREATE TABLE sim_nodes (
  name text PRIMARY KEY CHECK (name ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  online boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Proxmox VM ids: 100 .. 999999999.
CREATE SEQUENCE sim_vmid_seq START 100 MINVALUE 100 MAXVALUE 999999999;

CREATE TABLE sim_vms (
  vmid int PRIMARY KEY DEFAULT nextval('sim_vmid_seq') CHECK (vmid BETWEEN 100 AND 999999999),
  node text NOT NULL REFERENCES sim_nodes(name),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 253),
  power text NOT NULL DEFAULT 'STOPPED' CHECK (power IN ('RUNNING','STOPPED')),
  -- When the guest last came up (uptime); set exactly while it runs.
  started_at timestamptz,
  locked boolean NOT NULL DEFAULT false,
  cores int NOT NULL DEFAULT 1 CHECK (cores BETWEEN 1 AND 512),
  memory_mb int NOT NULL DEFAULT 1024 CHECK (memory_mb >= 16),
  disk_gb int NOT NULL DEFAULT 10 CHECK (disk_gb >= 1),
  boot_order text[] NOT NULL DEFAULT '{scsi0,ide2,net0}',
  bios text NOT NULL DEFAULT 'seabios' CHECK (bios IN ('seabios','ovmf')),
  -- Failure injection: the next task started on this VM fails with this text (then it is cleared).
  fail_next text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sim_vms_uptime CHECK ((power = 'RUNNING') = (started_at IS NOT NULL))
);
ALTER SEQUENCE sim_vmid_seq OWNED BY sim_vms.vmid;
CREATE INDEX sim_vms_node_idx ON sim_vms (node);

CREATE SEQUENCE sim_task_seq;

-- Tasks outlive their VM (a destroy task refers to a VM that is gone), so vmid is no foreign key.
CREATE TABLE sim_tasks (
  id bigint PRIMARY KEY DEFAULT nextval('sim_task_seq'),
  upid text NOT NULL UNIQUE,
  node text NOT NULL,
  vmid int NOT NULL,
  type text NOT NULL CHECK (type IN ('qmstart','qmstop','qmshutdown','qmreboot','qmreset','qmdestroy')),
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running','ok','error')),
  -- Decided when the task starts (failure injection); applied when it ends.
  fail_message text,
  exit_status text,
  started_at timestamptz NOT NULL,
  finishes_at timestamptz NOT NULL,
  ended_at timestamptz,
  CONSTRAINT sim_tasks_ended CHECK ((state = 'running') = (ended_at IS NULL))
);
ALTER SEQUENCE sim_task_seq OWNED BY sim_tasks.id;
CREATE INDEX sim_tasks_due_idx ON sim_tasks (finishes_at) WHERE state = 'running';
CREATE INDEX sim_tasks_vm_idx ON sim_tasks (vmid);

REVOKE ALL ON sim_nodes, sim_vms, sim_tasks FROM portside_app;
REVOKE ALL ON SEQUENCE sim_vmid_seq, sim_task_seq FROM portside_app;

-- Down Migration
DROP TABLE sim_tasks, sim_vms, sim_nodes;
