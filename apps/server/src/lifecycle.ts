/** Roles this process plays; the embedded default plays all of them. */
export const ROLES = ['api', 'realtime', 'worker'] as const;
export type Role = (typeof ROLES)[number];

export function parseRoles(argv: string[]): Set<Role> {
  const arg = argv.find((a) => a.startsWith('--roles='));
  if (!arg) return new Set(ROLES);
  const roles = arg.slice('--roles='.length).split(',').filter(Boolean);
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length > 0) throw new Error(`Unknown role(s): ${unknown.join(', ')}`);
  if (roles.length === 0) throw new Error('--roles= names no role');
  return new Set(roles as Role[]);
}

/**
 * What this process is and whether it is shutting down: readiness answers 503 from the moment
 * SIGTERM arrives, so a load balancer stops sending new work while in-flight work finishes.
 */
export interface Lifecycle {
  readonly roles: ReadonlySet<Role>;
  readonly draining: boolean;
  drain(): void;
}

export function createLifecycle(roles: Iterable<Role> = ROLES): Lifecycle {
  let draining = false;
  return {
    roles: new Set(roles),
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}
