import { describe, expect, it } from 'vitest';
import { contrastRatio, darkerSteps, firstReadable } from './theme-contrast';

describe('theme contrast', () => {
  it('gives black on white 21:1 and a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#228be6', '#228be6')).toBeCloseTo(1, 5);
  });

  it("matches the WCAG ratio axe reports for Mantine's gray 6 on white (3.32)", () => {
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('skips a candidate that fails on one of the backgrounds', () => {
    // #868e96 reads on black (6.3) but not on white (3.3); #495057 reads on white (8.2).
    expect(firstReadable(['#868e96', '#495057', '#000000'], ['#ffffff', '#f8f9fa'])).toBe('#495057');
  });

  it('falls back to the last candidate when none reads on every background', () => {
    expect(firstReadable(['#868e96', '#495057'], ['#ffffff', '#000000'])).toBe('#495057');
  });

  it('darkens green 9 until it reads on green 1, which green 9 itself does not', () => {
    const [green9, green1] = ['#2b8a3e', '#d3f9d8'];
    expect(contrastRatio(green9, green1)).toBeLessThan(4.5);
    const chosen = firstReadable(darkerSteps(green9), [green1]);
    expect(chosen).not.toBe(green9);
    expect(contrastRatio(chosen, green1)).toBeGreaterThanOrEqual(4.5);
  });
});
