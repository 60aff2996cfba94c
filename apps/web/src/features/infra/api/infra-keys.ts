/** The query keys of the infrastructure page: every read starts with ['infra'], so a registration refreshes them all. */
export const infraKeys = {
  all: ['infra'] as const,
  list: (view: string, params: unknown) => ['infra', 'list', view, params] as const,
  locations: () => ['infra', 'locations'] as const,
};
