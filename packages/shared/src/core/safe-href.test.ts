import { describe, expect, it } from 'vitest';
import { LINK_SCHEMES, PAGE_SCHEMES, safeHref } from './safe-href.ts';

describe('safeHref', () => {
  it('passes absolute http, https and mailto URLs, normalised', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref(' HTTPS://Example.com ')).toBe('https://example.com/');
    expect(safeHref('mailto:a@b.c', LINK_SCHEMES)).toBe('mailto:a@b.c');
  });

  it('refuses a page link to a mail address when only pages are allowed', () => {
    expect(safeHref('mailto:a@b.c', PAGE_SCHEMES)).toBeNull();
    expect(safeHref('http://example.com', PAGE_SCHEMES)).toBe('http://example.com/');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    '/relative',
    'ftp://example.com',
    'https://exa mple.com',
    '',
    null,
    undefined,
  ])('refuses %j', (raw) => {
    expect(safeHref(raw)).toBeNull();
  });
});
