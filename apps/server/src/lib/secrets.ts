import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The signing key: JWT_SECRET when configured, otherwise one generated on first start and kept
 * in DATA_DIR so sessions survive restarts without any setup.
 */
export function loadSigningKey(dataDir: string, configured?: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'secrets', 'jwt.key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** URL-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
