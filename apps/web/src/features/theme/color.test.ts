import { describe, expect, it } from 'vitest';
import { over, parseColor, readableTextOn, rgba, toHex, toRgbaString } from './color.ts';

describe('theme colours', () => {
  it('reads rgba(), rgb(), #RGB and #RRGGBB, and nothing else', () => {
    expect(parseColor('rgba(246, 247, 252, 0.5)')).toEqual({ r: 246, g: 247, b: 252, a: 0.5 });
    expect(parseColor('rgb(1,2,3)')).toEqual({ r: 1, g: 2, b: 3, a: 1 });
    expect(parseColor('#2ec16e')).toEqual({ r: 46, g: 193, b: 110, a: 1 });
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    for (const bad of ['rgba(256,0,0,1)', 'red', 'url(javascript:x)', '', null, undefined]) {
      expect(parseColor(bad)).toBeNull();
    }
  });

  it('clamps channels and alpha, and writes both saved forms', () => {
    const c = rgba(300, -4, 12.6, 7);
    expect(c).toEqual({ r: 255, g: 0, b: 13, a: 1 });
    expect(toRgbaString(c)).toBe('rgba(255,0,13,1)');
    expect(toHex(c)).toBe('#FF000D');
  });

  it('picks the text colour that contrasts more, seen over white when translucent', () => {
    expect(readableTextOn(rgba(255, 255, 255))).toBe('#0C1A14');
    expect(readableTextOn(rgba(17, 24, 39))).toBe('#FFFFFF');
    // A nearly transparent black reads as almost white.
    expect(over(rgba(0, 0, 0, 0.1))).toEqual({ r: 230, g: 230, b: 230, a: 1 });
    expect(readableTextOn(rgba(0, 0, 0, 0.1))).toBe('#0C1A14');
  });
});
