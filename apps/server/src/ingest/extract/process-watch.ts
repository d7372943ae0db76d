import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

const SAMPLE_MS = 50;
/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

const stats = { peakRssBytes: 0, cpuSeconds: 0 };

/**
 * Peak resident memory of any reading process (since the last reset), and their CPU time so
 * far: what benchmarks and tests report about the processes they cannot see themselves.
 */
export function pdfProcessStats(opts: { resetPeak?: boolean } = {}): {
  peakRssBytes: number;
  cpuSeconds: number;
} {
  const now = { ...stats };
  if (opts.resetPeak) stats.peakRssBytes = 0;
  return now;
}

/**
 * The parent's eye on a reading process: its resident memory, sampled from /proc while a job
 * runs (killed at once past the limit, whatever allocated it: heap, buffers, WebAssembly), its
 * CPU time, and the end of its stderr (V8 and the kernel say "out of memory" there).
 */
export class ProcessWatch {
  private timer: ReturnType<typeof setInterval> | undefined;
  private exceeded = false;
  private stderrTail = '';
  private cpuTicks = 0;

  constructor(
    private readonly child: ChildProcess,
    private readonly maxMemoryMb: number,
  ) {
    child.stderr?.on('data', (d: Buffer) => {
      this.stderrTail = (this.stderrTail + d.toString('latin1')).slice(-4096);
    });
  }

  start(onExceeded: () => void): void {
    this.exceeded = false;
    this.timer = setInterval(() => {
      const rss = this.rssBytes();
      stats.peakRssBytes = Math.max(stats.peakRssBytes, rss);
      if (rss > this.maxMemoryMb * 1024 * 1024) {
        this.exceeded = true;
        this.child.kill('SIGKILL');
        onExceeded();
      }
    }, SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    const ticks = this.readCpuTicks();
    stats.cpuSeconds += Math.max(0, ticks - this.cpuTicks) / TICKS_PER_SECOND;
    this.cpuTicks = Math.max(this.cpuTicks, ticks);
  }

  sawOutOfMemory(): boolean {
    return this.exceeded || /out of memory|allocation failed/i.test(this.stderrTail);
  }

  private rssBytes(): number {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'latin1');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return 0; // not Linux, or already gone
    }
  }

  private readCpuTicks(): number {
    try {
      const stat = readFileSync(`/proc/${this.child.pid}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      return this.cpuTicks;
    }
  }
}
