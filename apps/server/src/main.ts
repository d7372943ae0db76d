import { createRuntime } from './bootstrap.ts';
import { loadEnv } from './config/env.ts';
import { buildApp } from './http/app.ts';
import { startWorkerRole } from './jobs/definitions/index.ts';
import { attachRealtime } from './realtime/attach-realtime.ts';

/** Roles this process plays; the embedded default plays all of them. */
const ROLES = ['api', 'realtime', 'worker'] as const;
type Role = (typeof ROLES)[number];

function parseRoles(argv: string[]): Set<Role> {
  const arg = argv.find((a) => a.startsWith('--roles='));
  if (!arg) return new Set(ROLES);
  const roles = arg.slice('--roles='.length).split(',').filter(Boolean);
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length > 0) throw new Error(`Unknown role(s): ${unknown.join(', ')}`);
  return new Set(roles as Role[]);
}

async function main(): Promise<void> {
  const env = loadEnv();
  const roles = parseRoles(process.argv.slice(2));
  const runtime = await createRuntime(env);
  const app = await buildApp(runtime.ctx);
  const log = runtime.ctx.log;

  if (roles.has('realtime')) attachRealtime(app, runtime.ctx);
  if (roles.has('worker')) await startWorkerRole(runtime.ctx);
  if (roles.has('api') || roles.has('realtime')) {
    await app.listen({ host: env.HOST, port: env.PORT });
    log.info(`Docent is running at ${env.publicUrl} (roles: ${[...roles].join(', ')})`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await runtime.ctx.realtime.close(); // open sockets would hold the HTTP server open
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  // The logger may not exist yet (bad configuration), so this is the one place that writes
  // to stderr directly.
  process.stderr.write(
    `Docent failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
