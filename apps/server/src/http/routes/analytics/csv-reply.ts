import type { FastifyReply } from 'fastify';

/** A download; the byte-order mark makes spreadsheet programs read it as UTF-8. */
export const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(`\uFEFF${csv}`);
