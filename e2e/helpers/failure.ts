import path from 'node:path';
import type { Browser } from './browser.ts';
import { SCREENSHOT_DIR } from './paths.ts';
import type { RunningServer } from './server.ts';

/** A failing step leaves `<name>-failure.png`, the page's errors and the server's last lines. */
export async function reportFailure(
  name: string,
  browser: Browser | undefined,
  server: RunningServer | undefined,
): Promise<void> {
  await browser?.page
    .screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-failure.png`) })
    .catch(() => undefined);
  process.stderr.write(
    `page errors: ${JSON.stringify(browser?.pageErrors)}\nserver:\n${server?.lines.slice(-15).join('\n')}\n`,
  );
}
