import { describe, expect, it } from 'vitest';
import { normalizeDomain, normalizeHex, normalizeRgba } from '../core/widget.ts';
import { allowedDomainsBody, themeColors } from './widget.ts';

describe('theme colours', () => {
  it('accepts rgba()/rgb() with channels 0–255 and clamps alpha to 0..1', () => {
    expect(normalizeRgba('rgba(246, 247, 252, 1)')).toBe('rgba(246,247,252,1)');
    expect(normalizeRgba('rgb(46,193,110,1)')).toBe('rgba(46,193,110,1)');
    expect(normalizeRgba('RGB(0,0,0)')).toBe('rgba(0,0,0,1)');
    expect(normalizeRgba('rgba(1,2,3,1.7)')).toBe('rgba(1,2,3,1)');
    expect(normalizeRgba('rgba(1,2,3,-0.5)')).toBe('rgba(1,2,3,0)');
    expect(normalizeRgba('rgba(1,2,3,.25)')).toBe('rgba(1,2,3,0.25)');
    for (const bad of [
      'rgba(256,0,0,1)',
      'rgba(-1,0,0,1)',
      'rgba(1.5,0,0,1)',
      'rgba(1,2,3,1) ; color: red',
      'rgba(1,2,3,1)}body{display:none',
      'red',
      '#fff',
      'rgba(1,2,3,NaN)',
      '',
    ]) {
      expect(normalizeRgba(bad), bad).toBeNull();
    }
  });

  it('accepts #RGB and #RRGGBB only, as upper-case #RRGGBB', () => {
    expect(normalizeHex('#2ec16e')).toBe('#2EC16E');
    expect(normalizeHex('#abc')).toBe('#AABBCC');
    for (const bad of ['2EC16E', '#2EC16E80', '#12345', '#ggg', 'rgb(1,2,3)', '#fff;']) {
      expect(normalizeHex(bad), bad).toBeNull();
    }
  });

  it('reports which field is wrong', () => {
    const res = themeColors.safeParse({
      header_color: 'rgba(1,2,3,1)',
      agent_color: 'rgba(1,2,3,1)',
      user_color: 'rgba(1,2,3,1)',
      send_icon_color: 'blue',
      chat_icon_color: '#fff',
    });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toContain('Invalid send_icon_color');
  });
});

describe('allowed domains', () => {
  it('normalises host names, pasted URLs, ports and wildcards', () => {
    expect(normalizeDomain('https://WWW.Example.com/pricing?x=1')).toBe('www.example.com');
    expect(normalizeDomain('example.com.')).toBeNull();
    expect(normalizeDomain('*.Example.com')).toBe('*.example.com');
    expect(normalizeDomain('localhost:5173')).toBe('localhost:5173');
    expect(normalizeDomain('127.0.0.1')).toBe('127.0.0.1');
    expect(normalizeDomain('bücher.de')).toBe('xn--bcher-kva.de');
    for (const bad of [
      'exa mple.com',
      'user@example.com',
      '*.com',
      '*',
      'a*.example.com',
      'javascript:alert(1)',
      '-x.com',
    ]) {
      expect(normalizeDomain(bad), bad).toBeNull();
    }
  });

  it('drops blanks and duplicates and refuses invalid entries', () => {
    const ok = allowedDomainsBody.parse({ bot_id: 'b', domains: ['a.com', 'https://a.com/', ' '] });
    expect(ok.domains).toEqual(['a.com']);
    expect(allowedDomainsBody.safeParse({ bot_id: 'b', domains: ['not a host'] }).success).toBe(
      false,
    );
    expect(
      allowedDomainsBody.safeParse({
        bot_id: 'b',
        domains: Array.from({ length: 51 }, (_, i) => `a${i}.com`),
      }).success,
    ).toBe(false);
  });
});
