import { describe, expect, it } from 'vitest';
import { formatBytes, linePath, niceBytesMax, niceMax, seriesMax, ticks } from './graph-math';

describe('graph arithmetic', () => {
  it('rounds the axis top up to a nice number', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(1.3)).toBe(2);
    expect(niceMax(2100)).toBe(2500);
    expect(niceMax(100)).toBe(100);
  });

  it('rounds byte values up in their binary unit', () => {
    expect(niceBytesMax(14 * 1024 ** 3)).toBe(20 * 1024 ** 3);
    expect(niceBytesMax(700 * 1024)).toBe(1000 * 1024);
    expect(niceBytesMax(0)).toBe(1024);
  });

  it('spaces the ticks evenly from zero', () => {
    expect(ticks(100)).toEqual([0, 25, 50, 75, 100]);
  });

  it('draws a path across the box and breaks it at missing samples', () => {
    const box = { left: 0, top: 0, width: 100, height: 50 };
    expect(linePath([0, 5, 10], [0, 1, 0.5], box, 1)).toBe('M0.0 50.0L50.0 0.0L100.0 25.0');
    expect(linePath([0, 5, 10], [0, null, 1], box, 1)).toBe('M0.0 50.0M100.0 0.0');
  });

  it('formats bytes in binary units', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KiB');
    expect(formatBytes(3 * 1024 ** 3, 'en')).toBe('3 GiB');
  });

  it('finds the largest value of several series', () => {
    expect(seriesMax([[1, null, 3], [2]])).toBe(3);
  });
});
