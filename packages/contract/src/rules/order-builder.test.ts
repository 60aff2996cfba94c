import { describe, expect, it } from 'vitest';
import { WINDOWS_CORE_TYPE, imageFitsCoreType, minimumDiskGb, vatCents } from './order-builder';

describe('imageFitsCoreType', () => {
  it('runs Linux images on every core type', () => {
    for (const t of ['vcore', 'dedicated-performance', WINDOWS_CORE_TYPE]) expect(imageFitsCoreType('linux', t)).toBe(true);
  });
  it('runs Windows images only on the Windows-optimised dedicated core', () => {
    expect(imageFitsCoreType('windows', WINDOWS_CORE_TYPE)).toBe(true);
    expect(imageFitsCoreType('windows', 'vcore')).toBe(false);
    expect(imageFitsCoreType('windows', 'dedicated-performance')).toBe(false);
  });
});

describe('minimumDiskGb', () => {
  it('takes the larger of the model disk and the image minimum', () => {
    expect(minimumDiskGb(25, 50)).toBe(50);
    expect(minimumDiskGb(100, 10)).toBe(100);
    expect(minimumDiskGb(40, null)).toBe(40);
  });
});

describe('vatCents', () => {
  it('rounds VAT to the cent', () => {
    expect(vatCents(1000, 23)).toBe(230);
    expect(vatCents(999, 25.5)).toBe(255);
    expect(vatCents(1234, 0)).toBe(0);
  });
});
