import { describe, expect, it } from 'vitest';
import { parseColor, type Rgba, rgba } from './color.ts';
import {
  AA_NON_TEXT,
  AA_TEXT,
  bestTextContrast,
  contrastOf,
  formatRatio,
  themeContrastIssues,
} from './contrast.ts';
import { DEFAULT_COLORS } from './theme.api.ts';

const hex = (value: string) => parseColor(value) as Rgba;

describe('WCAG contrast of the widget colours', () => {
  it('measures ratios as WCAG 2 (and axe-core) do', () => {
    expect(contrastOf(hex('#000000'), hex('#FFFFFF'))).toBeCloseTo(21, 5);
    expect(contrastOf(hex('#FFFFFF'), hex('#FFFFFF'))).toBeCloseTo(1, 5);
    // axe reported white on the old dashboard green as 3.85:1 (it truncates 3.858).
    expect(contrastOf(hex('#FFFFFF'), hex('#0E9553'))).toBeCloseTo(3.86, 2);
    expect(contrastOf(hex('#767676'), hex('#FFFFFF'))).toBeCloseTo(4.54, 2);
  });

  it('sees a translucent colour over white, and its text over that', () => {
    // 20 % of near-black over white is a light grey: dark text reads well on it.
    expect(bestTextContrast(rgba(17, 24, 39, 0.2))).toBeGreaterThan(AA_TEXT);
    expect(contrastOf(rgba(0, 0, 0, 0), hex('#FFFFFF'))).toBeCloseTo(1, 5);
  });

  it('passes the spec defaults but for the green send icon on the white message box', () => {
    const issues = themeContrastIssues(DEFAULT_COLORS);
    expect(issues.map((i) => i.field)).toEqual(['send_icon_color']);
    expect(issues[0]?.required).toBe(AA_NON_TEXT);
    expect(issues[0]?.ratio).toBeCloseTo(2.34, 2);
  });

  it('flags a mid-tone bubble on which neither dark nor white text reaches 4.5:1', () => {
    const colors = { ...DEFAULT_COLORS, user_color: hex('#808080'), header_color: hex('#111827') };
    const issues = themeContrastIssues(colors);
    const user = issues.find((i) => i.field === 'user_color');
    expect(user).toMatchObject({ required: AA_TEXT, pair: 'Text on the user message colour' });
    expect(user?.ratio).toBeCloseTo(3.95, 2);
    expect(issues.some((i) => i.field === 'header_color')).toBe(false);
  });

  it('flags a chat icon whose symbol cannot stand out, and a pale send icon', () => {
    const colors = {
      ...DEFAULT_COLORS,
      chat_icon_color: hex('#808080'),
      send_icon_color: hex('#111827'),
    };
    expect(themeContrastIssues(colors).map((i) => i.field)).toEqual([]);
    colors.send_icon_color = hex('#C3CCC8');
    expect(themeContrastIssues(colors).map((i) => i.field)).toEqual(['send_icon_color']);
  });

  it('rounds ratios down, so a failing pair never reads as passing', () => {
    expect(formatRatio(4.497)).toBe('4.4:1');
    expect(formatRatio(21)).toBe('21:1');
  });
});
