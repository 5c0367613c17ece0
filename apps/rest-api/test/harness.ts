import 'reflect-metadata';
import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import request, { type Response, type Test } from 'supertest';
import { createLogger, loadConfig, type Logger } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import { createDomainServices } from '@propfolio/domain';
import { createAppContext, type AppContext } from '@propfolio/bootstrap';
import { memoryRateLimiter } from '@propfolio/http';
import { type RateLimiter } from '@propfolio/core';
import { API_PREFIX, createRestApp } from '../src/rest-app.js';
import type { Problem, RestAnswer } from './api-types.js';

export { API_PREFIX };
export type { RestAnswer, RestRequest } from './api-types.js';
export type { Response };

export interface RestAppOptions {
  /** Requests per minute per key (and per IP without one); generous unless a test is about limits. */
  rateLimit?: number;
  /** Replaces the in-memory limiter built from `rateLimit` (e.g. one on a fixed clock). */
  rateLimiter?: RateLimiter;
  /** Defaults to a silent logger. */
  logger?: Logger;
  env?: Record<string, string>;
}

type Headers = Record<string, string>;

/** The REST app over a test database, driven in-process through supertest. */
export class RestTestApp {
  private constructor(
    readonly context: AppContext,
    readonly nest: INestApplication,
    readonly server: Server,
    /** The local owner's key, announced on the first start over the empty database. */
    readonly ownerKey: string,
  ) {}

  static async start(db: Database, options: RestAppOptions = {}): Promise<RestTestApp> {
    const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
    let announced: string | undefined;
    const context = await createAppContext(db, config, {
      logger: options.logger ?? createLogger('silent'),
      rateLimiter: options.rateLimiter ?? memoryRateLimiter(options.rateLimit ?? 100_000),
      announceKey: (key) => {
        announced = key;
      },
    });
    // A second app over the same database gets no announcement: it gets a key of its own.
    const ownerKey = announced ?? (await createDomainServices(db).keys.createKey(`owner-${Date.now()}`)).key;
    const nest = await createRestApp(context);
    return new RestTestApp(context, nest, nest.getHttpServer() as Server, ownerKey);
  }

  /** A key of a brand-new user (a second tenant). */
  async newUserKey(name = `user-${Math.random().toString(36).slice(2)}`): Promise<string> {
    return (await createDomainServices(this.context.db).keys.createKey(name)).key;
  }

  /** A bare supertest agent over the app, for requests the helpers below do not shape. */
  raw(): ReturnType<typeof request> {
    return request(this.server);
  }

  get(path: string, key: string | null = this.ownerKey, headers: Headers = {}): Test {
    return withHeaders(request(this.server).get(url(path)), key, headers);
  }

  post(path: string, body: unknown, key: string | null = this.ownerKey, headers: Headers = {}): Test {
    return withHeaders(request(this.server).post(url(path)), key, headers).send(body as object);
  }

  patch(path: string, body: unknown, key: string | null = this.ownerKey, headers: Headers = {}): Test {
    return withHeaders(request(this.server).patch(url(path)), key, headers).send(body as object);
  }

  async close(): Promise<void> {
    await this.nest.close();
    await this.context.close();
  }
}

function url(path: string): string {
  return path.startsWith('/api/') ? path : `${API_PREFIX}${path}`;
}

function withHeaders(test: Test, key: string | null, headers: Headers): Test {
  if (key !== null) test.set('Authorization', `Bearer ${key}`);
  for (const [name, value] of Object.entries(headers)) test.set(name, value);
  return test;
}

/** YYYY-MM-DD of today (UTC) shifted by `days`. */
export function isoDay(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** POST /challenges: the created challenge. */
export type ChallengeBody = RestAnswer<'/api/v1/challenges', 'post'>;
/** GET /challenges: a page of challenges. */
export type ChallengeList = RestAnswer<'/api/v1/challenges', 'get'>;
/** POST /accounts: the registered EA account. */
export type AccountBody = RestAnswer<'/api/v1/accounts', 'post'>;
/** GET /accounts: a page of EA accounts. */
export type AccountList = RestAnswer<'/api/v1/accounts', 'get'>;
/** POST /accounts/:id/reports: the stored day and whether it was created, updated or unchanged. */
export type ReportAnswer = RestAnswer<'/api/v1/accounts/{id}/reports', 'post'>;

let loginCounter = 0;

/** Creates a challenge over HTTP as `key` and returns it (fails the test on a non-201). */
export async function createChallenge(app: RestTestApp, body: object = {}, key: string = app.ownerKey): Promise<ChallengeBody> {
  const res = await app.post('/challenges', { firm: 'FTMO', plan: '2-Step 100k', price: 540, purchasedAt: '2026-01-05', ...body }, key);
  if (res.status !== 201) throw new Error(`create challenge: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ChallengeBody;
}

/** Registers an EA account over HTTP as `key` (unique login per call). */
export async function registerAccount(app: RestTestApp, body: object = {}, key: string = app.ownerKey): Promise<AccountBody> {
  loginCounter += 1;
  const login = `${process.pid}${Date.now() % 100000}${loginCounter}`;
  const res = await app.post('/accounts', { login, server: 'Broker-Demo', currency: 'usd', initialBalance: 100000, ...body }, key);
  if (res.status !== 201) throw new Error(`register account: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as AccountBody;
}

/** Asserts an RFC 9457 problem answer with `status` and `code`; returns its body. */
export function expectProblem(res: Response, status: number, code: string): ProblemBody {
  const body = JSON.parse(res.text) as ProblemBody;
  const seen = `${res.status} ${String(res.headers['content-type']).split(';')[0]} ${body.code}`;
  if (seen !== `${status} application/problem+json ${code}`) {
    throw new Error(`expected ${status} application/problem+json ${code}, got ${seen}: ${res.text}`);
  }
  if (body.status !== status || typeof body.detail !== 'string' || typeof body.title !== 'string' || typeof body.type !== 'string') {
    throw new Error(`not an RFC 9457 body: ${res.text}`);
  }
  return body;
}

export type ProblemBody = Problem;

/** A response's JSON body as the shape the test reads (supertest types every body `any`). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T is the one place a spec states the shape it reads
export function json<T>(res: Response): T {
  return res.body as T;
}

/** GET /challenges/:id. */
export type ChallengeDetailBody = RestAnswer<'/api/v1/challenges/{id}', 'get'>;

/** PATCH /challenges/:id: the challenge after the change, what changed, and accounts a phase change archived. */
export type ChallengeUpdateBody = RestAnswer<'/api/v1/challenges/{id}', 'patch'>;

/** GET /me/summary. */
export type SummaryBody = RestAnswer<'/api/v1/me/summary', 'get'>;
