import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encryptedPdf } from '../../../test/fixtures/media/encrypted-pdf.ts';
import { makeTextPdf, writePdf } from '../../../test/fixtures/media/generate.ts';
import { hostilePdfs } from '../../../test/fixtures/media/hostile-pdfs.ts';
import { extractPdf, PDF_LIMITS } from './pdf.ts';
import { checkStreamExpansion } from './pdf-guard/expansion-guard.ts';
import { pdfProcessStats } from './process-watch.ts';

const MB = 1024 * 1024;
/** Stated bounds while a hostile file is refused. */
const SERVER_GROWTH_BOUND = 64 * MB;
const READER_BOUND = 512 * MB;

/** Runs `work` while sampling this (the server's) process's resident memory. */
async function measured<T>(work: () => Promise<T>): Promise<{ outcome: T; serverGrowth: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    return { outcome: await work(), serverGrowth: peak - base };
  } finally {
    clearInterval(timer);
  }
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => ({ status: 200, message: 'accepted' }),
    (e: { status: number; message: string }) => ({ status: e.status, message: e.message }),
  );

/**
 * Millions of text operators on one page: the content decodes to 60 MB, inside every expansion
 * cap, yet pdf.js works on it for minutes and grows past a gigabyte. The guard cannot tell it
 * from a long document; the limits of the reading process must stop it.
 */
function operatorFlood(): Buffer {
  const op = 'BT /F1 1 Tf 1 0 0 1 10 10 Tm (ab) Tj ET\n';
  const content = Buffer.from(op.repeat(Math.floor((60 * MB) / op.length)));
  return writePdf([
    { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    },
    { dict: '/Filter /FlateDecode', stream: deflateSync(content) },
    { dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ]);
}

describe('hostile PDFs are refused with memory bounded (reading process)', () => {
  it.each(hostilePdfs())(
    'refuses %s',
    async (_name, build) => {
      const pdf = await build();
      pdfProcessStats({ resetPeak: true });
      const { outcome, serverGrowth } = await measured(() => failure(extractPdf(pdf)));
      expect(outcome).toEqual({
        status: 422,
        message: 'This PDF expands to more data than we accept.',
      });
      expect(serverGrowth).toBeLessThan(SERVER_GROWTH_BOUND);
      expect(pdfProcessStats().peakRssBytes).toBeLessThan(READER_BOUND);
    },
    60_000,
  );

  it.each(['rc4-128', 'aes-128', 'aes-256'] as const)(
    'reads a %s file with an empty user password, which the guard sees through',
    async (method) => {
      const content = Buffer.from('BT /F1 12 Tf 72 700 Td (Secret plan) Tj ET');
      const pdf = encryptedPdf(
        [
          { dict: '<< /Type /Catalog /Pages 2 0 R >>' },
          { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
          {
            dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
          },
          { dict: '/Filter /FlateDecode', stream: deflateSync(content) },
          { dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
        ],
        method,
      );
      expect((await extractPdf(pdf)).text).toBe('Secret plan');
      expect(await checkStreamExpansion(pdf)).toBe(content.length);
    },
  );

  it('stops what no expansion cap sees with the process limits, and keeps serving', async () => {
    const limits = { maxMemoryMb: 400, timeoutMs: 20_000 };
    pdfProcessStats({ resetPeak: true });
    const { outcome, serverGrowth } = await measured(() =>
      failure(extractPdf(operatorFlood(), { limits })),
    );
    expect(outcome).toEqual({
      status: 422,
      message: expect.stringMatching(/needs more memory than we allow|took too long/),
    });
    expect(serverGrowth).toBeLessThan(SERVER_GROWTH_BOUND);
    // Sampled every 50 ms: the process may have grown a little past its limit before the kill.
    expect(pdfProcessStats().peakRssBytes).toBeLessThan((limits.maxMemoryMb + 200) * MB);
    expect(PDF_LIMITS.maxMemoryMb).toBeGreaterThan(limits.maxMemoryMb);
    const after = await extractPdf(makeTextPdf([[{ x: 72, y: 700, text: 'still serving' }]]));
    expect(after.text).toBe('still serving');
  }, 60_000);
});
