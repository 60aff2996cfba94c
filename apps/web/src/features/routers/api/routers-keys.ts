/**
 * The query keys of the network pages: every read of the feature starts with ['routers'], so a
 * change made on one page (a reservation, a rebuild) invalidates what every page shows.
 */
export const routersKeys = {
  all: ['routers'] as const,
  routers: () => ['routers', 'Routers'] as const,
  subnets: () => ['routers', 'RoutersSubnets'] as const,
  ips: (subnet: number, search: string, page: number) => ['routers', 'RoutersIPs', subnet, search, page] as const,
  arp: (router: number | null, search: string, page: number) => ['routers', 'RoutersArpEntries', router, search, page] as const,
  switches: (search: string, page: number) => ['routers', 'SwitchesConnections', search, page] as const,
};
