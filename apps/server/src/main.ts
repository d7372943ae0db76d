import { createRuntime } from './bootstrap.ts';
import { loadEnv } from './config/env.ts';
import { buildApp } from './http/app.ts';
import { buildHealthApp } from './http/health-app.ts';
import { startWorkerRole } from './jobs/definitions/index.ts';
import { parseRoles } from './lifecycle.ts';
import { attachRealtime } from './realtime/attach-realtime.ts';
import { onTerminate } from './shutdown.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const roles = parseRoles(process.argv.slice(2));
  const runtime = await createRuntime(env, { roles });
  const serving = roles.has('api') || roles.has('realtime');
  // A worker-only process still listens, for its liveness and readiness probes alone.
  const app = serving ? await buildApp(runtime.ctx) : await buildHealthApp(runtime.ctx);
  const log = runtime.ctx.log;

  if (roles.has('realtime')) attachRealtime(app, runtime.ctx);
  if (roles.has('worker')) await startWorkerRole(runtime.ctx);
  await app.listen({ host: env.HOST, port: env.PORT });
  const what = serving
    ? `Docent is running at ${env.publicUrl}`
    : `Docent worker probes on ${env.PORT}`;
  log.info({ roles: [...roles], pid: process.pid }, `${what} (roles: ${[...roles].join(', ')})`);
  onTerminate({ runtime, app, log, graceSeconds: env.SHUTDOWN_GRACE_SECONDS });
}

main().catch((err: unknown) => {
  // The logger may not exist yet (bad configuration), so this is the one place that writes
  // to stderr directly.
  process.stderr.write(
    `Docent failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
