/**
 * Starting the builder on a preset server (spec 1 §3 serverBuilderData, the builder's starting
 * state): another page — the VPN servers' 'Order a VPN server' — fills the form with an image and
 * the smallest model of a core type at the location chosen so far (or the first one), the disk at
 * the minimum both allow, before it opens /new-order. Hostname, project, keys and quantity start
 * afresh; the customer still sees and changes every choice. Called through app/, never by another
 * feature directly.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { HostingLocation } from '@portside/contract/schemas/reference';
import type { ModelOption } from '@portside/contract/schemas/offers';
import { getSession } from '../../../shared/session/store';
import { getHostingLocations } from '../api/get-hosting-locations';
import { modelsQueryOptions } from '../api/get-models';
import { systemsQueryOptions } from '../api/get-systems';
import { EMPTY_FORM, formMinDisk } from './builder-form';
import { getBuilderSession, updateBuilderSession } from './builder-session';

/** The smallest model: fewest cores, then least memory, then the lowest price. */
export function smallestModel(models: readonly ModelOption[]): ModelOption | undefined {
  return [...models].sort((a, b) => a.cores - b.cores || a.ram_gb - b.ram_gb || a.monthly_price_cents - b.monthly_price_cents)[0];
}

/** Fills the builder's form with `preset.image` on the smallest `preset.coreType` model; the caller then opens /new-order. */
export async function presetBuilder(client: QueryClient, preset: { image: string; coreType: string }): Promise<void> {
  const stored = getSession('hostingLocationGlobal');
  const locations = Array.isArray(stored) && stored.length ? (stored as HostingLocation[]) : await getHostingLocations();
  const location = getBuilderSession().form.location ?? locations[0]?.id ?? null;
  const [models, systems] = await Promise.all([
    location ? client.fetchQuery(modelsQueryOptions(location, preset.coreType)) : Promise.resolve([]),
    client.fetchQuery(systemsQueryOptions()),
  ]);
  const model = smallestModel(models);
  const image = systems.find((i) => i.id === preset.image);
  updateBuilderSession((s) => ({
    ...s,
    form: {
      ...EMPTY_FORM,
      location,
      core_type: preset.coreType,
      model_id: model?.model_id ?? null,
      image: image?.id ?? null,
      disk_gb: model ? formMinDisk(model, image) : null,
    },
  }));
}
