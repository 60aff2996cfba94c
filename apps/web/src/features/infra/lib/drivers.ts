/**
 * A driver's name as staff read it: the product's own name for a real driver (a brand is not
 * translated), the translated word for the simulator.
 */
const PRODUCTS: Record<string, string> = { proxmox: 'Proxmox VE', redfish: 'Redfish', routeros: 'MikroTik RouterOS' };

export function driverLabel(t: (key: string) => string, driver: string): string {
  return PRODUCTS[driver] ?? (driver === 'simulator' ? t('drivers.simulator') : driver);
}
