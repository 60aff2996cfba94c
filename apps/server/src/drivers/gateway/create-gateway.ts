/** The gateway driver of a process, chosen by GATEWAY_DRIVER (network-config.ts). */
import type pg from 'pg';
import type { NetworkConfig } from '../../network-config.js';
import type { GatewayDriver } from './gateway.js';
import { createRouterOsGateway } from './routeros-gateway.js';
import { createSimulatorGateway } from './simulator-gateway.js';

/** `simulator` keeps the forwards in PostgreSQL through `owner`; `routeros` talks to the gateway's REST API. */
export function createGateway(config: NetworkConfig, owner: pg.Pool): GatewayDriver {
  return config.gateway.driver === 'routeros' ? createRouterOsGateway(config.gateway) : createSimulatorGateway(owner);
}
