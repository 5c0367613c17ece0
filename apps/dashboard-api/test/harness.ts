import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import express from 'express';
import request, { type Response, type Test } from 'supertest';
import { createLogger, loadConfig, type Logger } from '@propfolio/core';
import type { Database } from '@propfolio/db';
// eslint-disable-next-line no-restricted-imports -- the harness assembles the whole service as apps/server does (REST and MCP beside the dashboard), which only a test may do
import { mcpExtras, mcpRouter } from '@propfolio/mcp-server';
import { requestContext } from '@propfolio/http';
import { createAppContext, type AppContext } from '@propfolio/bootstrap';
import { memoryRateLimiter } from '@propfolio/http';
// eslint-disable-next-line no-restricted-imports -- the harness assembles the whole service as apps/server does (REST and MCP beside the dashboard), which only a test may do
import { createRestApp } from '@propfolio/rest-api';
import { dashboardRouter, type DashboardOptions } from '../src/index.js';
import type { DashboardAnswer, Problem } from './api-types.js';

export type { Response };

/** A response's JSON body as the shape the spec expects (supertest types every body as `any`). */
export function body<T>(res: { body: T }): T {
  return res.body;
}

/** A list answer: `{ items }`. */
export interface Listing<T> {
  items: T[];
}

/**
 * An answer carrying a user, from the committed OpenAPI document: a session answer (sign-in, sign-up, setup,
 * profile, GET /me signed in) or an administrator's disable/enable (which adds `disabledAt`, without a session).
 */
export type Me = Partial<DashboardAnswer<'/app/api/auth/sign-in', 'post'>> & DashboardAnswer<'/app/api/admin/users/{id}/disable', 'post'>;

/** The answer of a DELETE: the trash entry it made. */
export type Deleted = DashboardAnswer<'/app/api/challenges/{id}', 'delete'>;

export interface StartOptions extends DashboardOptions {
  env?: Record<string, string>;
  logger?: Logger;
}

/**
 * The whole service as `npm start` assembles it (REST, MCP and the dashboard API on one Express app)
 * over a test database, listening on a free loopback port so Origin and Host are real.
 */
export class TestService {
  private constructor(
    readonly context: AppContext,
    readonly nest: INestApplication,
    readonly server: Server,
    readonly origin: string,
    readonly ownerKey: string | undefined,
    readonly setupUrl: string | undefined,
  ) {}

  static async start(db: Database, options: StartOptions = {}): Promise<TestService> {
    const config = loadConfig({ LOG_LEVEL: 'silent', SIGNUP: 'open', ...options.env });
    let ownerKey: string | undefined;
    let setupUrl: string | undefined;
    const logger = options.logger ?? createLogger('silent');
    const context = await createAppContext(db, config, {
      logger,
      rateLimiter: memoryRateLimiter(100_000),
      announceKey: (key, _name, url) => {
        ownerKey = key;
        setupUrl = url;
      },
    });
    const app = express();
    app.use(requestContext(logger, { trustProxy: config.trustProxy }));
    app.use(mcpRouter(context, mcpExtras(context)));
    app.use(dashboardRouter(context, options));
    const nest = await createRestApp(context, { expressApp: app });
    await nest.init();
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const { port } = server.address() as AddressInfo;
    return new TestService(context, nest, server, `http://127.0.0.1:${port}`, ownerKey, setupUrl);
  }

  http(): ReturnType<typeof request> {
    return request(this.origin);
  }

  /** A browser of this service: keeps its session cookie and CSRF token, sends its own Origin. */
  browser(): Browser {
    return new Browser(this);
  }

  /** Signs up a new person over HTTP and returns their signed-in browser. */
  async signUp(
    email = `p${Math.random().toString(36).slice(2)}@example.com`,
    password = 'correct horse battery',
    ip?: string,
  ): Promise<Browser> {
    const browser = this.browser();
    browser.ip = ip;
    const res = await browser.post('/auth/sign-up', { email, password, name: email.split('@')[0] });
    if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${res.text}`);
    return browser;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    await this.nest.close();
    await this.context.close();
  }
}

export class Browser {
  cookie: string | undefined;
  csrfToken: string | undefined;
  origin: string;
  /** Sent as X-Forwarded-For (only honoured with TRUST_PROXY=true). */
  ip: string | undefined;

  constructor(private readonly service: TestService) {
    this.origin = service.origin;
  }

  private send(test: Test, csrf: boolean): Test {
    test.set('Origin', this.origin);
    if (this.ip) test.set('X-Forwarded-For', this.ip);
    if (this.cookie) test.set('Cookie', `propfolio_session=${this.cookie}`);
    if (csrf && this.csrfToken) test.set('X-CSRF-Token', this.csrfToken);
    return test;
  }

  private async remember(test: Test): Promise<Response> {
    const res = await test;
    const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    for (const line of set) {
      const match = /^propfolio_session=([^;]*)/.exec(line);
      if (match) this.cookie = match[1] || undefined;
    }
    const body = res.body as { csrfToken?: string } | undefined;
    if (body && typeof body.csrfToken === 'string') this.csrfToken = body.csrfToken;
    return res;
  }

  get(path: string): Promise<Response> {
    return this.remember(this.send(this.service.http().get(`/app/api${path}`), false));
  }

  post(path: string, body: unknown = {}, csrf = true): Promise<Response> {
    return this.remember(this.send(this.service.http().post(`/app/api${path}`), csrf).send(body as object));
  }

  patch(path: string, body: unknown, csrf = true): Promise<Response> {
    return this.remember(this.send(this.service.http().patch(`/app/api${path}`), csrf).send(body as object));
  }

  delete(path: string, csrf = true): Promise<Response> {
    return this.remember(this.send(this.service.http().delete(`/app/api${path}`), csrf));
  }

  /** Issues an API key over /app/api and returns its secret. */
  async issueKey(scope: 'full' | 'tracker' = 'full', name = 'test key'): Promise<string> {
    const res = await this.post('/keys', { name, scope });
    if (res.status !== 201) throw new Error(`issue key: ${res.status} ${res.text}`);
    return (res.body as DashboardAnswer<'/app/api/keys', 'post'>).secret;
  }
}

/** Asserts an RFC 9457 problem with `status` and `code`. */
export function expectProblem(res: Response, status: number, code: string): Problem {
  const body = JSON.parse(res.text || '{}') as Partial<Problem>;
  const seen = `${res.status} ${String(res.headers['content-type']).split(';')[0]} ${body.code}`;
  if (seen !== `${status} application/problem+json ${code}`) {
    throw new Error(`expected ${status} application/problem+json ${code}, got ${seen}: ${res.text}`);
  }
  return body as Problem;
}

/** Creates a challenge over /api/v1 with `key`. */
export async function createChallengeRest(service: TestService, key: string, body: object = {}): Promise<{ id: string }> {
  const res = await service
    .http()
    .post('/api/v1/challenges')
    .set('Authorization', `Bearer ${key}`)
    .send({ firm: 'FTMO', plan: '2-Step 100k', price: 540.1234, currency: 'EUR', purchasedAt: '2026-01-05', ...body });
  if (res.status !== 201) throw new Error(`create challenge: ${res.status} ${res.text}`);
  return res.body as DashboardAnswer<'/app/api/challenges', 'post'>;
}
