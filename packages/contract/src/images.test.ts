import { describe, expect, it } from 'vitest';
import { VM_IMAGES, VM_IMAGE_IDS, findVmImage, templateNameOf, vmImageIdSchema } from './images';

describe('VM_IMAGES', () => {
  it('keeps exactly the ids other parts refer to (orders, vm_images, cluster templates)', () => {
    expect(VM_IMAGE_IDS).toEqual(['debian-12', 'ubuntu-24.04', 'rocky-9', 'windows-2022', 'wireguard']);
  });

  it('gives every image a name, a family and a whole minimum disk size within the disk limit', () => {
    for (const image of VM_IMAGES) {
      expect(image.id).toMatch(/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/);
      expect(image.name.length).toBeGreaterThan(0);
      expect(['linux', 'windows']).toContain(image.osFamily);
      expect(Number.isInteger(image.minDiskGb)).toBe(true);
      expect(image.minDiskGb).toBeGreaterThan(0);
      expect(image.minDiskGb).toBeLessThanOrEqual(1000);
    }
  });

  it('finds images by id and names their templates tpl-<id>, a valid VM name', () => {
    expect(findVmImage('rocky-9')).toMatchObject({ osFamily: 'linux', minDiskGb: 10 });
    expect(findVmImage('windows-2022')?.osFamily).toBe('windows');
    expect(findVmImage('debian-11')).toBeUndefined();
    expect(templateNameOf('ubuntu-24.04')).toBe('tpl-ubuntu-24.04');
  });

  it('accepts only known ids in a request field', () => {
    expect(vmImageIdSchema.safeParse('debian-12').success).toBe(true);
    const bad = vmImageIdSchema.safeParse('Debian-12');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('invalid_data');
  });
});
