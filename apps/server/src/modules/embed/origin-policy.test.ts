import { describe, expect, it } from 'vitest';
import { originAllowed } from './origin-policy.ts';

const PUBLIC = 'https://app.docent.example';

describe('originAllowed', () => {
  it('allows any web origin when the list is empty', () => {
    expect(originAllowed('https://anything.example', [], PUBLIC)).toBe(true);
    expect(originAllowed('null', [], PUBLIC)).toBe(false);
    expect(originAllowed('chrome-extension://abc', [], PUBLIC)).toBe(false);
  });

  it('matches hosts exactly, wildcards on subdomains only, ports when given', () => {
    const list = ['shop.example', '*.acme.example', 'localhost:4173'];
    expect(originAllowed('https://shop.example', list, PUBLIC)).toBe(true);
    expect(originAllowed('http://shop.example:8080', list, PUBLIC)).toBe(true);
    expect(originAllowed('https://www.shop.example', list, PUBLIC)).toBe(false);
    expect(originAllowed('https://shop.example.evil.com', list, PUBLIC)).toBe(false);
    expect(originAllowed('https://evilshop.example', list, PUBLIC)).toBe(false);
    expect(originAllowed('https://www.acme.example', list, PUBLIC)).toBe(true);
    expect(originAllowed('https://a.b.acme.example', list, PUBLIC)).toBe(true);
    expect(originAllowed('https://acme.example', list, PUBLIC)).toBe(false);
    expect(originAllowed('https://xacme.example', list, PUBLIC)).toBe(false);
    expect(originAllowed('http://localhost:4173', list, PUBLIC)).toBe(true);
    expect(originAllowed('http://localhost:4174', list, PUBLIC)).toBe(false);
    expect(originAllowed('https://evil.example', list, PUBLIC)).toBe(false);
  });

  it("always allows the product's own origin (the hosted full-page chat)", () => {
    expect(originAllowed(PUBLIC, ['shop.example'], PUBLIC)).toBe(true);
  });
});
