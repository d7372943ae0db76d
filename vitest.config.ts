import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Issue 15's harness: a scale-out install of several processes on PostgreSQL and
          // Redis, under faults. Needs TEST_DATABASE_URL and TEST_REDIS_URL (scripts/test.sh).
          name: 'scale-out',
          root: 'apps/server',
          include: ['test/scale-out/**/*.scale.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 300_000,
          // Each file starts its own processes: one install at a time on two cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One browser journey at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'widget',
          root: 'apps/widget',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // The repository checks behind `npm run lint` (layers, sizes, doc links).
          name: 'checks',
          root: 'scripts',
          include: ['checks/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
