export * from './core/index.ts';
export * from './schemas/analytics.ts';
export * from './schemas/auth.ts';
export * from './schemas/chat.ts';
export * from './schemas/crawl.ts';
export * from './schemas/knowledge.ts';
export * from './schemas/media.ts';
export * from './schemas/widget.ts';
