import { describe, expect, it } from 'vitest';
import { safeLogoUrl } from './theme.api.ts';

describe('the header logo URL', () => {
  it('keeps our own paths and http(s) URLs', () => {
    expect(safeLogoUrl('/api/public/logos/abc.png')).toBe('/api/public/logos/abc.png');
    expect(safeLogoUrl('https://cdn.example.com/logo.png')).toBe(
      'https://cdn.example.com/logo.png',
    );
  });

  it('refuses other hosts disguised as paths, other schemes and nothing at all', () => {
    for (const value of [
      '//evil.example/logo.png',
      '/\\evil.example/logo.png',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      ' java\tscript:alert(1)',
      'logo.png',
      '',
      null,
      undefined,
    ]) {
      expect(safeLogoUrl(value), String(value)).toBeNull();
    }
  });
});
