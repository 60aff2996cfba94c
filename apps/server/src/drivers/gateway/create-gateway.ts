/** The gateway driver of a process, chosen by GATEWAY_DRIVER (network-config.ts). Being built: the drivers land next. */
import type pg from 'pg';
import type { NetworkConfig } from '../../network-config.js';
import { GatewayError, type GatewayDriver } from './gateway.js';

export function createGateway(_config: NetworkConfig, _owner: pg.Pool): GatewayDriver {
  const down = () => Promise.reject(new GatewayError('UNAVAILABLE', 'the gateway driver is not built yet'));
  return { forwards: down, setForwards: down };
}
