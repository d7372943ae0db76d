import type { DatabaseKind } from './db/client.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { ChatService } from './modules/chat/chat.service.ts';
import type { ServiceDeps } from './modules/service-deps.ts';

/**
 * What every handler can reach through `request.server.ctx`, built once at boot: the services'
 * dependencies plus the database kind and the long-lived chat service. Entry points (routes,
 * job definitions, socket handlers) hand services the slice they ask for.
 */
export interface AppContext extends ServiceDeps {
  dbKind: DatabaseKind;
  /** Answers questions and keeps conversations (dashboard preview and widget). */
  chat: ChatService;
  /** The roles this process plays and whether it is shutting down (readiness). */
  lifecycle: Lifecycle;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
