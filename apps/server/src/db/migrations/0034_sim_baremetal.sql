-- Up Migration

-- The bare-metal simulator (issue 17): simulated BMCs and the computer systems behind them, kept in
-- PostgreSQL so that every server instance sees the same machines and their power survives a
-- restart. Like the other sim_* tables (see 0007) this is system data of the simulator only: no
-- client_id, no row-level security, no rights for portside_app; the `simulator` bare-metal driver
-- reaches it through the owner pool. A BMC is named by the `address` of its `bmcs` registration.

CREATE TABLE sim_bmcs (
  name text PRIMARY KEY CHECK (char_length(name) BETWEEN 1 AND 300),
  -- Failure injection: 'unreachable' (no call is answered), 'refuse-resets' (every reset refused).
  failure text CHECK (failure IN ('unreachable','refuse-resets')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The BMC's user accounts (Redfish AccountService): the password kept only as a salted scrypt hash.
CREATE TABLE sim_bmc_accounts (
  bmc text NOT NULL REFERENCES sim_bmcs(name) ON DELETE CASCADE,
  username text NOT NULL CHECK (username ~ '^[A-Za-z0-9._-]{1,39}$'),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('Administrator','Operator','ReadOnly')),
  enabled boolean NOT NULL DEFAULT true,
  PRIMARY KEY (bmc, username)
);

-- A computer system (Redfish Systems/{id}). The power state is `power_state` until the first of
-- `power_steps` is due: a reset writes the steps it goes through, each `{state, at}` (ISO time), and
-- the state at a moment is that of the last step due by then, so no timer has to survive a restart.
CREATE TABLE sim_bmc_systems (
  bmc text NOT NULL REFERENCES sim_bmcs(name) ON DELETE CASCADE,
  system_id text NOT NULL CHECK (system_id ~ '^[A-Za-z0-9._-]{1,64}$'),
  manufacturer text NOT NULL CHECK (char_length(manufacturer) BETWEEN 1 AND 100),
  model text NOT NULL CHECK (char_length(model) BETWEEN 1 AND 100),
  serial text NOT NULL CHECK (char_length(serial) BETWEEN 1 AND 64),
  power_state text NOT NULL CHECK (power_state IN ('On','Off','PoweringOn','PoweringOff','Paused')),
  power_steps jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(power_steps) = 'array'),
  reset_types text[] NOT NULL CHECK (reset_types <@ ARRAY['On','ForceOff','GracefulShutdown','GracefulRestart',
    'ForceRestart','Nmi','ForceOn','PushPowerButton','PowerCycle']),
  processor_count int NOT NULL CHECK (processor_count BETWEEN 0 AND 64),
  processor_model text NOT NULL CHECK (char_length(processor_model) <= 200),
  -- The system's own health; what it reports is the worst of this and its parts'.
  health text NOT NULL DEFAULT 'OK' CHECK (health IN ('OK','Warning','Critical')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bmc, system_id)
);

CREATE TABLE sim_bmc_drives (
  bmc text NOT NULL,
  system_id text NOT NULL,
  position int NOT NULL CHECK (position >= 0),
  serial text NOT NULL CHECK (char_length(serial) BETWEEN 1 AND 100),
  model text NOT NULL CHECK (char_length(model) BETWEEN 1 AND 100),
  media_type text NOT NULL CHECK (media_type IN ('SSD','HDD','NVMe')),
  capacity_bytes bigint NOT NULL CHECK (capacity_bytes >= 0),
  health text NOT NULL DEFAULT 'OK' CHECK (health IN ('OK','Warning','Critical')),
  PRIMARY KEY (bmc, system_id, serial),
  FOREIGN KEY (bmc, system_id) REFERENCES sim_bmc_systems(bmc, system_id) ON DELETE CASCADE
);

CREATE TABLE sim_bmc_memory (
  bmc text NOT NULL,
  system_id text NOT NULL,
  position int NOT NULL CHECK (position >= 0),
  slot text NOT NULL CHECK (char_length(slot) BETWEEN 1 AND 100),
  capacity_mib int NOT NULL CHECK (capacity_mib > 0),
  type text NOT NULL CHECK (char_length(type) BETWEEN 1 AND 40),
  speed_mhz int CHECK (speed_mhz > 0),
  health text NOT NULL DEFAULT 'OK' CHECK (health IN ('OK','Warning','Critical')),
  PRIMARY KEY (bmc, system_id, slot),
  FOREIGN KEY (bmc, system_id) REFERENCES sim_bmc_systems(bmc, system_id) ON DELETE CASCADE
);

-- Temperatures and fans: `reading` is what the sensor shows while the system runs; the simulator
-- lets it drift a little and reads the room's temperature and idle fans while the system is off.
CREATE TABLE sim_bmc_sensors (
  bmc text NOT NULL,
  system_id text NOT NULL,
  position int NOT NULL CHECK (position >= 0),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('temperature','fan')),
  reading numeric(10,2),
  unit text NOT NULL CHECK (unit IN ('Cel','RPM','%')),
  health text NOT NULL DEFAULT 'OK' CHECK (health IN ('OK','Warning','Critical')),
  PRIMARY KEY (bmc, system_id, name),
  FOREIGN KEY (bmc, system_id) REFERENCES sim_bmc_systems(bmc, system_id) ON DELETE CASCADE
);

REVOKE ALL ON sim_bmcs, sim_bmc_accounts, sim_bmc_systems, sim_bmc_drives, sim_bmc_memory, sim_bmc_sensors FROM portside_app;

-- Down Migration
DROP TABLE sim_bmc_sensors, sim_bmc_memory, sim_bmc_drives, sim_bmc_systems, sim_bmc_accounts, sim_bmcs;
