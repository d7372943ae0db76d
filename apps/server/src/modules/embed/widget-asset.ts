import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WidgetAsset {
  body: Buffer;
  gzipped: Buffer;
  /** First 16 hex digits of the SHA-256 of the file: the versioned URL's key. */
  hash: string;
}

/**
 * The built widget, read once and again whenever the file changes (a rebuild while the server
 * runs); undefined when it has not been built.
 */
export function createWidgetAssetLoader(distDir: string) {
  const file = path.join(distDir, 'widget.js');
  let cached: { mtimeMs: number; size: number; asset: WidgetAsset } | undefined;
  return async function load(): Promise<WidgetAsset | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) {
      return cached.asset;
    }
    const body = await readFile(file);
    const asset = {
      body,
      gzipped: gzipSync(body, { level: 9 }),
      hash: createHash('sha256').update(body).digest('hex').slice(0, 16),
    };
    cached = { mtimeMs: info.mtimeMs, size: info.size, asset };
    return asset;
  };
}

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The hosted full-page chat (Share as Full Page Chat, mobile WebViews). */
export function hostedChatPage(opts: { botId: string; botName: string; scriptUrl: string }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeAttr(opts.botName)}</title>
<meta name="robots" content="noindex">
<style>html,body{margin:0;height:100%;background:#f6f7fc}</style>
</head>
<body>
<script src="${escapeAttr(opts.scriptUrl)}" data-botid="${escapeAttr(opts.botId)}" data-mode="page" defer></script>
</body>
</html>
`;
}
