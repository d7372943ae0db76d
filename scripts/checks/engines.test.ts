import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `engines` tells the truth (issue 17 point 9): every locked package accepts the oldest Node the
 * project's `engines` allows, so a fresh `npm install` prints no EBADENGINE warning there.
 */
const root = new URL('../../', import.meta.url).pathname;
const readJson = (file: string) => JSON.parse(readFileSync(`${root}${file}`, 'utf8'));

describe('engines', () => {
  it('every locked dependency supports the oldest Node that engines allows', () => {
    const range: string = readJson('package.json').engines.node;
    const oldest = semver.minVersion(range)?.version;
    expect(oldest).toBeDefined();
    const packages: Record<string, { version?: string; engines?: { node?: string } }> =
      readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([, p]) => p.engines?.node && !semver.satisfies(oldest ?? '', p.engines.node))
      .map(([where, p]) => `${where}@${p.version} wants node ${p.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
