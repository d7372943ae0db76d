import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@docent/shared';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../../app-context.ts';

/**
 * Test support for the account API: a cookie-keeping "browser" that behaves like the spec's
 * client (credentials on every call, x-csrf-token from the csrf cookie when present), each with
 * its own client address so per-IP rate limits of one test do not leak into another.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly ip: string;

  constructor(
    private readonly app: FastifyInstance,
    ip?: string,
  ) {
    this.ip = ip ?? `10.${[...randomBytes(3)].join('.')}`;
  }

  get csrf(): string | undefined {
    return this.cookies.get(CSRF_COOKIE);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    opts: {
      body?: unknown;
      /** Override the CSRF header: a value, or null to send none. */
      csrf?: string | null;
      headers?: Record<string, string>;
      payload?: Buffer | string;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const csrf = opts.csrf === undefined ? this.csrf : opts.csrf;
    if (csrf !== null && csrf !== undefined) headers[CSRF_HEADER] = csrf;
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(opts.payload !== undefined
        ? { payload: opts.payload }
        : opts.body !== undefined
          ? { payload: opts.body as object }
          : {}),
    });
    for (const c of res.cookies) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  post(url: string, body?: unknown, opts: { csrf?: string | null } = {}) {
    return this.request('POST', url, { ...opts, body });
  }

  get(url: string) {
    return this.request('GET', url);
  }
}

/** The latest mail of the outbox to an address, once deferred mail work has finished. */
export async function lastMailTo(ctx: AppContext, to: string) {
  await ctx.mailer.idle();
  return ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function mailCount(ctx: AppContext): Promise<number> {
  await ctx.mailer.idle();
  const rows = await ctx.db.selectFrom('mail_outbox').select('id').execute();
  return rows.length;
}

/** The user_id token of the first link to `path` in a mail text. */
export function linkToken(text: string, path: '/signup' | '/reset-password'): string {
  const match = new RegExp(`https?://\\S+${path}\\?user_id=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomBytes(5).toString('hex')}@example.com`;

export const GOOD_PASSWORD = 'correct horse battery';

/** A fresh account created through the direct sign-up call. */
export async function registerAccount(
  app: FastifyInstance,
  fields: { email?: string; fullname?: string; password?: string } = {},
): Promise<{ email: string; password: string; fullname: string }> {
  const account = {
    email: fields.email ?? uniqueEmail(),
    fullname: fields.fullname ?? 'Ada Lovelace',
    password: fields.password ?? GOOD_PASSWORD,
  };
  const res = await new Browser(app).post('/api/auth/register', {
    ...account,
    confirmPassword: account.password,
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return account;
}

/** A browser signed in to a fresh account. */
export async function signedInBrowser(app: FastifyInstance) {
  const account = await registerAccount(app);
  const browser = new Browser(app);
  const res = await browser.post('/api/auth/login', {
    email: account.email,
    password: account.password,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { browser, account, userId: res.json().response.userId as string };
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; type: string; data: Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----docent${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
