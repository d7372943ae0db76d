/**
 * Settings of the embedded database (PGlite: PostgreSQL compiled to WebAssembly, in a thread of
 * this process), given on top of PGlite's own start parameters. PostgreSQL's defaults are sized
 * for a server of its own; here every buffer is this process's resident memory.
 *
 * shared_buffers: PostgreSQL's 128 MB pool was resident from the start (128 MB of the
 * process's ~470 MB after a restart). Pages outside the pool come from the operating system's
 * file cache through a read call; retrieval keeps its hot posting lists in its own cache
 * (search/block-postings-cache.ts). bench/memory/run.ts measures the memory,
 * bench/retrieval/latency.ts and bench/load/run.ts the speed.
 */
const SHARED_BUFFERS = '16MB';

export const EMBEDDED_SETTINGS: string[] = ['-c', `shared_buffers=${SHARED_BUFFERS}`];
