import { describe, expect, it } from 'vitest';
import type { ModelOption } from '@portside/contract/schemas/offers';
import { smallestModel } from './builder-preset';

const model = (model_id: number, cores: number, ram_gb: number, monthly_price_cents: number): ModelOption => ({
  model_id,
  model: `S${cores}R${ram_gb}`,
  core_type: 'vcore',
  core_type_name: 'vCore — shared',
  cores,
  ram_gb,
  disk_gb: 25,
  location: 'lisbon',
  monthly_price_cents,
  discount_percent: 0,
});

describe('smallestModel', () => {
  it('takes the fewest cores, then the least memory, then the lowest price', () => {
    expect(smallestModel([model(3, 2, 4, 1000), model(1, 1, 2, 500), model(2, 1, 2, 400)])?.model_id).toBe(2);
    expect(smallestModel([model(5, 2, 8, 900), model(4, 2, 4, 1200)])?.model_id).toBe(4);
  });

  it('answers nothing for no models', () => {
    expect(smallestModel([])).toBeUndefined();
  });
});
