/** The theme's colours as [r, g, b, a], or null when a value is not a colour we issue. */
export function parseColor(v: string): [number, number, number, number] | null {
  const rgba = /^rgba?\((\d{1,3}),\s*(\d{1,3}),\s*(\d{1,3})(?:,\s*([\d.]+))?\)$/i.exec(v.trim());
  if (rgba) {
    const [r, g, b] = [rgba[1], rgba[2], rgba[3]].map(Number) as [number, number, number];
    const a = rgba[4] === undefined ? 1 : Math.min(1, Number(rgba[4]));
    return r < 256 && g < 256 && b < 256 && a >= 0 ? [r, g, b, a] : null;
  }
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(v.trim());
  if (!hex?.[1]) return null;
  const h = hex[1].length === 3 ? hex[1].replace(/./g, '$&$&') : hex[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)).concat(1) as [
    number,
    number,
    number,
    number,
  ];
}

const lin = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** Text colour that reads best on `bg` (seen over white when translucent). */
export function textOn(bg: string): string {
  const c = parseColor(bg);
  if (!c) return '#1f2937';
  const [r, g, b] = c.slice(0, 3).map((x) => x * c[3] + 255 * (1 - c[3])) as number[];
  const l = 0.2126 * lin(r as number) + 0.7152 * lin(g as number) + 0.0722 * lin(b as number);
  // Contrast against near-black text vs. white text: pick the larger ratio.
  return (l + 0.05) / 0.0685 >= 1.05 / (l + 0.05) ? '#1f2937' : '#ffffff';
}
