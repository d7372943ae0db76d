/** A colour as the customization page holds it (docs/spec.md §3): channels 0–255, alpha 0..1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const channel = (v: number) => Math.min(255, Math.max(0, Math.round(Number.isFinite(v) ? v : 0)));

/** docs/spec.md §5: alpha is clamped to 0..1 (anything unreadable counts as opaque). */
export function clampAlpha(v: number): number {
  if (!Number.isFinite(v)) return 1;
  return Math.round(Math.min(1, Math.max(0, v)) * 100) / 100;
}

export function rgba(r: number, g: number, b: number, a = 1): Rgba {
  return { r: channel(r), g: channel(g), b: channel(b), a: clampAlpha(a) };
}

/** Reads `rgba(…)`, `rgb(…)`, `#RGB` or `#RRGGBB`; null for anything else. */
export function parseColor(value: string | null | undefined): Rgba | null {
  if (!value) return null;
  const fn =
    /^\s*rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(-?\d*\.?\d+)\s*)?\)\s*$/i.exec(
      value,
    );
  if (fn) {
    const [r, g, b] = [fn[1], fn[2], fn[3]].map(Number) as [number, number, number];
    if (r > 255 || g > 255 || b > 255) return null;
    return rgba(r, g, b, fn[4] === undefined ? 1 : Number(fn[4]));
  }
  const hex = /^\s*#?([0-9a-f]{3}|[0-9a-f]{6})\s*$/i.exec(value);
  if (hex?.[1]) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    return rgba(
      Number.parseInt(h.slice(0, 2), 16),
      Number.parseInt(h.slice(2, 4), 16),
      Number.parseInt(h.slice(4, 6), 16),
    );
  }
  return null;
}

export const toRgbaString = (c: Rgba) => `rgba(${c.r},${c.g},${c.b},${c.a})`;

export const toHex = (c: Rgba) =>
  `#${[c.r, c.g, c.b]
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;

export const sameColor = (x: Rgba, y: Rgba) =>
  x.r === y.r && x.g === y.g && x.b === y.b && x.a === y.a;

/** WCAG 2 relative luminance of an opaque colour. */
export function relativeLuminance({ r, g, b }: Pick<Rgba, 'r' | 'g' | 'b'>): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(l1: number, l2: number): number {
  const [hi, lo] = l1 > l2 ? [l1, l2] : [l2, l1];
  return (hi + 0.05) / (lo + 0.05);
}

/** A translucent colour as it shows over `backdrop` (white by default). */
export function over(c: Rgba, backdrop: Rgba = { r: 255, g: 255, b: 255, a: 1 }): Rgba {
  const mix = (fg: number, bg: number) => fg * c.a + bg * (1 - c.a);
  return rgba(mix(c.r, backdrop.r), mix(c.g, backdrop.g), mix(c.b, backdrop.b));
}

const DARK_TEXT: Rgba = { r: 12, g: 26, b: 20, a: 1 };
const LIGHT_TEXT: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** Dark or white text, whichever contrasts more with the (composited) background. */
export function readableTextOn(background: Rgba, backdrop?: Rgba): string {
  const bg = relativeLuminance(over(background, backdrop));
  const dark = contrastRatio(bg, relativeLuminance(DARK_TEXT));
  const light = contrastRatio(bg, relativeLuminance(LIGHT_TEXT));
  return light >= dark ? '#FFFFFF' : '#0C1A14';
}

/** The picker's 15 preset swatches (docs/spec.md §9). */
export const PRESET_SWATCHES: readonly string[] = [
  '#2EC16E',
  '#27C774',
  '#0E9553',
  '#14B8A6',
  '#0EA5E9',
  '#2563EB',
  '#4F46E5',
  '#7C3AED',
  '#DB2777',
  '#E11D48',
  '#EA580C',
  '#F59E0B',
  '#F6F7FC',
  '#FFFFFF',
  '#111827',
];
