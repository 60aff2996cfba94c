/** The gateway driver of a process, chosen by GATEWAY_DRIVER (network-config.ts). */
import type pg from 'pg';
import type { NetworkConfig } from '../../network-config.js';
import { GatewayError, type GatewayDriver } from './gateway.js';
import { createSimulatorGateway } from './simulator-gateway.js';

/** `simulator` keeps the forwards in PostgreSQL through `owner`; `routeros` talks to the gateway's REST API. */
export function createGateway(config: NetworkConfig, owner: pg.Pool): GatewayDriver {
  if (config.gateway.driver === 'simulator') return createSimulatorGateway(owner);
  const down = () => Promise.reject(new GatewayError('UNAVAILABLE', 'the routeros gateway driver is not built yet'));
  return { forwards: down, setForwards: down };
}
