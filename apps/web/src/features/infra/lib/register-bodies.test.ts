import { describe, expect, it } from 'vitest';
import { registerClusterSchema } from '@portside/contract/schemas/vms';
import { registerBmcSchema } from '@portside/contract/schemas/dedicated';
import { registerRouterSchema } from '@portside/contract/schemas/routers';
import { bmcBody, clusterBody, EMPTY_BMC, EMPTY_CLUSTER, EMPTY_ROUTER, routerBody } from './register-bodies';
import { searchFilter } from './search';

describe('the register forms as call bodies', () => {
  it('sends a simulated cluster its nodes split on commas and spaces, without the Proxmox fields', () => {
    const body = clusterBody({
      ...EMPTY_CLUSTER,
      p_driver: 'simulator',
      p_name: 'sim-2',
      p_location: 'lisbon',
      p_nodes: 'n1, n2  n3',
      p_secret: 'x',
    });
    expect(body).toEqual({ p_driver: 'simulator', p_name: 'sim-2', p_location: 'lisbon', p_nodes: ['n1', 'n2', 'n3'] });
    expect(registerClusterSchema.safeParse(body).success).toBe(true);
  });

  it('keeps a Proxmox secret as typed and leaves out an empty CA', () => {
    const body = clusterBody({
      ...EMPTY_CLUSTER,
      p_name: 'pve-1',
      p_location: 'lisbon',
      p_api_url: ' https://pve.example.net:8006 ',
      p_token_id: 'portside@pve!driver',
      p_secret: ' s3cret ',
    });
    expect(body).toEqual({
      p_driver: 'proxmox',
      p_name: 'pve-1',
      p_location: 'lisbon',
      p_api_url: 'https://pve.example.net:8006',
      p_token_id: 'portside@pve!driver',
      p_secret: ' s3cret ',
    });
    expect(registerClusterSchema.safeParse(body).success).toBe(true);
    // Without the secret the contract names the field.
    const missing = registerClusterSchema.safeParse(clusterBody({ ...EMPTY_CLUSTER, p_name: 'pve-1', p_location: 'lisbon' }));
    expect(missing.success).toBe(false);
  });

  it('turns the session switch into a boolean for Redfish and drops it for the simulator', () => {
    const v = {
      ...EMPTY_BMC,
      p_name: 'bmc-1',
      p_address: 'https://10.0.8.21',
      p_username: 'root',
      p_password: 'pw',
      p_use_session: 'true',
    };
    expect(bmcBody(v)).toMatchObject({ p_use_session: true });
    expect(registerBmcSchema.safeParse(bmcBody(v)).success).toBe(true);
    expect(bmcBody({ ...v, p_driver: 'simulator', p_address: 'sim-1' })).not.toHaveProperty('p_use_session');
  });

  it('leaves out a router CA for the simulator and keeps it for RouterOS', () => {
    const v = {
      ...EMPTY_ROUTER,
      p_name: 'gw-1',
      p_location: 'lisbon',
      p_address: 'https://10.0.9.1',
      p_username: 'api',
      p_password: 'pw',
      p_ca_pem: 'PEM',
    };
    expect(routerBody(v)).toMatchObject({ p_ca_pem: 'PEM' });
    expect(routerBody({ ...v, p_driver: 'simulator' })).not.toHaveProperty('p_ca_pem');
    expect(registerRouterSchema.safeParse(routerBody({ ...v, p_ca_pem: '' })).success).toBe(true);
  });
});

describe('searchFilter', () => {
  it('ignores a single letter and matches wildcards literally', () => {
    expect(searchFilter(' a ')).toBeNull();
    expect(searchFilter('PVE_1%')).toBe('ilike.*pve\\_1\\%*');
  });
});
