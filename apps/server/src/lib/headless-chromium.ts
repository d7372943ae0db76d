/**
 * Command-line flags for Debian's Chromium run headless and quiet: no sandbox (containers run
 * it as root), no GPU, and none of its own background traffic (updates, sync, QUIC probes),
 * so every request it makes is one its page asked for. Used by the crawler's renderer, the
 * browser tests and the widget benchmark.
 */
export const HEADLESS_CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
