import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { contractSchema } from '@propfolio/core';
import { describeEachDatabase } from '@propfolio/db/testing';
import { mcpOperations } from '../src/tool-definitions.js';
import { toolDocPages, toolDocParts, renderToolDocs } from './tool-docs.js';
import { call, connectClient, errorCode, rawPost, startMcpServer, type McpTestServer, answer, contentOf } from './harness.js';

const SNAPSHOT = join(import.meta.dirname, 'tools-list.snapshot.json');
/**
 * Bytes of the tools/list answer with a full key: the issue 35 budget. 201,838 for 32 tools before the compact
 * schemas (src/tool-schema.ts); 63,591 for 37 before the words were said once (tool descriptions without the
 * pagination and id boilerplate, field docs without the bounds and defaults the schema carries); 55,0xx after
 * (21,0xx without a key). A new tool pays for its own words: shorten them, do not raise this.
 */
const TOOLS_LIST_BUDGET = 60_000;

describeEachDatabase('MCP tools', (getDb) => {
  let server: McpTestServer;
  let anonymous: Client;
  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    server = await startMcpServer(getDb());
    anonymous = await connectClient(server.url);
    alice = await connectClient(server.url, await server.keyFor('alice'));
    bob = await connectClient(server.url, await server.keyFor('bob'));
  });
  afterAll(async () => {
    await Promise.all([anonymous.close(), alice.close(), bob.close()]);
    await server.close();
  });

  describe('tools/list', () => {
    it('is a pure function of the credential: public tools without a key, all tools with one, fixed order', async () => {
      // The order itself is written once, in the registry; the snapshot below records it for review.
      const privateTools = mcpOperations(server.context.operations)
        .filter((op) => op.auth === 'key')
        .map((op) => op.name);
      const publicNames = (await anonymous.listTools()).tools.map((t) => t.name);
      const allNames = (await alice.listTools()).tools.map((t) => t.name);
      expect(privateTools).toContain('get_summary');
      expect(publicNames.some((name) => privateTools.includes(name))).toBe(false);
      expect(allNames.slice(0, privateTools.length)).toEqual(privateTools);
      expect(allNames.slice(privateTools.length)).toEqual(publicNames);
      expect((await bob.listTools()).tools.map((t) => t.name)).toEqual(allNames);
    });

    it('matches the committed snapshot of the agent-facing surface for both credential states', async () => {
      const surface = { withoutKey: (await anonymous.listTools()).tools, withKey: (await alice.listTools()).tools };
      // Review changes to test/tools-list.snapshot.json like code: it is what agents see.
      // Regenerate after an intended change with UPDATE_TOOL_SNAPSHOT=1.
      if (process.env.UPDATE_TOOL_SNAPSHOT === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(surface, null, 2)}\n`);
      expect(surface).toEqual(JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
    });

    it(`stays within ${String(TOOLS_LIST_BUDGET)} bytes with a key, as agents download it at every session`, async () => {
      const bytes = async (headers: Record<string, string>) =>
        Buffer.byteLength(await (await rawPost(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }, headers)).text());
      const withKey = await bytes({ authorization: `Bearer ${await server.keyFor('carol')}` });
      const withoutKey = await bytes({});
      // 201,838 and 60,761 bytes before the schemas were made compact (tool-schema.ts)
      expect(withKey).toBeLessThanOrEqual(TOOLS_LIST_BUDGET);
      expect(withoutKey).toBeLessThan(withKey);
    });

    it('answers the largest tools with structuredContent the SDK client validates against their outputSchema', async () => {
      await alice.listTools(); // the client compiles every outputSchema here, and checks each call's answer below
      const plans = await answer(alice, 'search_plans', { firm: 'FTMO' });
      expect(plans.programs?.length).toBeGreaterThan(0);
      const simulated = await answer(alice, 'simulate_plan', { planId: 'ftmo-2-step-100000', dailyPnlPercent: [1, -0.5], paths: 100 });
      expect(simulated.passProbability).toBeGreaterThanOrEqual(0);
      const { id } = await answer(alice, 'create_challenge', {
        firm: 'FTMO',
        plan: '2-Step 100k',
        price: 540,
        planId: 'ftmo-2-step-100000',
      });
      expect((await answer(alice, 'get_challenge', { id })).challenge.id).toBe(id);
      expect((await answer(alice, 'get_challenge_rules', { id })).provenance.dailyLoss.source).toBe('plan');
      expect((await answer(alice, 'set_challenge_rules', { id, rules: { timeLimit: { days: 60 } } })).rules.timeLimit).toEqual({
        days: 60,
      });
      expect((await answer(alice, 'get_headroom', { id })).challengeId).toBe(id);
    });

    it('is what README and docs/mcp-clients.md count and list (their marked parts are written from it)', async () => {
      const parts = toolDocParts((await anonymous.listTools()).tools, (await alice.listTools()).tools);
      // rewritten with the snapshot above: one command after an intended change of the tools
      for (const { page, text, generated } of toolDocPages(parts, process.env.UPDATE_TOOL_SNAPSHOT === '1')) {
        expect([page, text]).toEqual([page, generated]);
      }
      expect(renderToolDocs('all <!-- generated:tool-count -->31<!-- /generated:tool-count -->', parts)).toBe(
        `all <!-- generated:tool-count -->${parts['tool-count'] ?? ''}<!-- /generated:tool-count -->`,
      );
    });

    it('annotates truthfully: reads are read-only, writes are not destructive, nothing is open-world', async () => {
      const tools = (await alice.listTools()).tools;
      for (const tool of tools) {
        expect(tool.annotations?.openWorldHint).toBe(false);
        // the spec gives destructiveHint a meaning only when readOnlyHint is false
        expect(tool.annotations?.destructiveHint).toBe(tool.annotations?.readOnlyHint === true ? undefined : false);
        expect(tool.title).toBeTruthy();
        expect(tool.outputSchema?.type).toBe('object');
      }
      const byName = new Map(tools.map((t) => [t.name, t]));
      for (const name of ['add_memo', 'add_payout']) {
        const schema = byName.get(name)?.inputSchema as { required?: string[]; properties: Record<string, { deprecated?: boolean }> };
        expect(schema.required).toContain('challengeId');
        expect(schema.required).not.toContain('id');
        expect(schema.properties.id?.deprecated).toBe(true);
      }
      expect(byName.get('list_challenges')?.annotations?.readOnlyHint).toBe(true);
      expect(byName.get('create_challenge')?.annotations?.readOnlyHint).toBe(false);
    });
  });

  describe('operation descriptions', () => {
    // Every operation, REST-only ones too: OpenAPI shows the same texts. A field's rules (values, bounds,
    // defaults, formats) are in the input schema shown beside the description; restated in prose they drift.
    it('say what the operation returns, briefly, and restate no field rule of its own input schema', () => {
      expect(server.context.operations.length).toBeGreaterThan(30);
      const problems = server.context.operations.flatMap((op) =>
        descriptionProblems(op.description, contractSchema(op.input) as InputSchema).map((problem) => `${op.name}: ${problem}`),
      );
      expect(problems).toEqual([]);
    });

    it('catch the restatements they are meant to catch', () => {
      const schema: InputSchema = {
        properties: {
          status: { enum: ['in_progress', 'passed', 'failed'], default: 'in_progress' },
          days: { type: 'integer', minimum: 1, maximum: 366, default: 30 },
          amount: { type: 'number', exclusiveMinimum: 0 },
          currency: { type: 'string', pattern: '^[A-Za-z]{3}$' },
          date: { type: 'string', format: 'date' },
          series: { type: 'array', maxItems: 5000, items: { type: 'number', maximum: 100 } },
        },
      };
      const problems = (text: string) => descriptionProblems(`Returns one thing. ${text}`, schema);
      expect(problems('Ranked by `status`; passed ones first.')).toEqual([]);
      expect(problems('By status (in_progress, passed or failed).')).toEqual(['lists the values of status']);
      expect(problems('Over the last 1 to 366 days.')).toEqual(['states the bound 366 of days']);
      expect(problems('At most 5,000 days.')).toEqual(['states the bound 5000 of series']);
      expect(problems('Days, default 30.')).toEqual(['states the default of days']);
      expect(problems('An amount > 0 in an ISO 4217 currency on a YYYY-MM-DD date.')).toEqual([
        'states the lower bound of amount',
        'states the format of currency',
        'states the format of date',
      ]);
      expect(descriptionProblems('Lists them.', schema)).toEqual([]);
      expect(descriptionProblems('Does it.', schema)).toEqual(['does not say what it returns ("Returns …" or "Lists …")']);
      expect(descriptionProblems(`Returns it.${' x'.repeat(200)}`, schema)).toEqual([`longer than ${MAX_DESCRIPTION} characters`]);
    });
  });

  describe('errors', () => {
    it('answers a private tool called without a key with a tool error that says where keys come from', async () => {
      const result = await call(anonymous, 'get_summary');
      expect(result.isError).toBe(true);
      expect(errorCode(result)).toBe('unauthorized');
      expect(result.content[0]?.text).toContain('npm run keys');
      expect(result.content[0]?.text).toContain('P&L page');
    });

    it('answers an unknown tool with JSON-RPC -32602', async () => {
      await expect(alice.callTool({ name: 'delete_everything', arguments: {} })).rejects.toMatchObject({
        code: ErrorCode.InvalidParams,
      });
      await expect(alice.callTool({ name: 'delete_everything', arguments: {} })).rejects.toBeInstanceOf(McpError);
    });

    it('returns validation errors with the same code and per-field detail as REST', async () => {
      const result = await call(alice, 'create_challenge', { firm: 'FTMO', plan: '10k', price: '155', extra: true });
      expect(errorCode(result)).toBe('validation_failed');
      expect(result.content[0]?.text).toContain('extra is not a known field');
      expect(result.content[0]?.text).toContain('price must be a number');
    });
  });

  describe('private tools, happy and error paths', () => {
    it('runs the agent journey: create, pay out, summary, advance the phase, the linked account is archived', async () => {
      const created = await call(alice, 'create_challenge', {
        firm: 'FTMO',
        plan: '2-Step 100k',
        price: 540.1,
        currency: 'eur',
        purchasedAt: '2026-01-05',
      });
      expect(created.isError).toBeFalsy();
      const challenge = contentOf('create_challenge', created);
      expect(challenge.currency).toBe('EUR');
      // The EA tracker registers its account over REST only; the domain is the same.
      const account = await server.context.operations
        .find((op) => op.name === 'register_account')
        ?.run(
          { caller: await server.context.authenticate(await server.keyFor('alice')), logger: server.context.logger, now: new Date() },
          {
            login: '5012345',
            server: 'FTMO-Demo',
            currency: 'EUR',
            initialBalance: 100000,
            challengeId: challenge.id,
          },
        );
      expect(account).toMatchObject({ archived: false });

      const payout = await call(alice, 'add_payout', { challengeId: challenge.id, amount: 0.1, currency: 'EUR', date: '2026-02-01' });
      expect(payout.isError).toBeFalsy();
      // `id` is the deprecated name of `challengeId`, still accepted for one version.
      expect((await call(alice, 'add_payout', { id: challenge.id, amount: 0.2, currency: 'EUR', date: '2026-02-02' })).isError).toBeFalsy();
      const memo = await call(alice, 'add_memo', { challengeId: challenge.id, content: 'Passed phase 1 on NFP week.' });
      expect(memo.isError).toBeFalsy();

      const summary = await answer(alice, 'get_summary');
      expect(summary.withdrawn).toEqual([{ currency: 'EUR', amount: 0.3 }]);

      const payouts = await answer(alice, 'list_payouts', { from: '2026-01-01' });
      expect(payouts.items.map((p) => p.date)).toEqual(['2026-02-02', '2026-02-01']);
      expect(errorCode(await call(alice, 'list_payouts', { from: '2026-02-30' }))).toBe('validation_failed');

      const advanced = await call(alice, 'update_challenge', { id: challenge.id, phase: 'Phase 2' });
      expect(advanced.isError).toBeFalsy();
      const accounts = await answer(alice, 'list_accounts', { archived: 'include' });
      expect(accounts.items).toEqual([expect.objectContaining({ archived: true })]);
      expect(errorCode(await call(alice, 'list_accounts', { archived: 'sometimes' }))).toBe('validation_failed');

      const detail = await answer(alice, 'get_challenge', { id: challenge.id });
      expect(detail.challenge.phase).toBe('Phase 2');
      expect(detail.memos).toHaveLength(1);
      expect(detail.payouts).toHaveLength(2);

      const accountId = accounts.items[0]?.id as string;
      const pnl = await call(alice, 'get_account_daily_pnl', { id: accountId, days: 7 });
      expect(pnl.isError).toBeFalsy();
      expect(errorCode(await call(alice, 'get_account_daily_pnl', { id: accountId, days: 400 }))).toBe('validation_failed');

      const breached = await call(alice, 'update_challenge', { id: challenge.id, status: 'failed' });
      expect(breached.isError).toBeFalsy();
      expect(errorCode(await call(alice, 'update_challenge', { id: challenge.id, phase: 'Funded' }))).toBe('challenge_closed');
    });

    it('keeps two users apart: the other user’s ids answer not_found, exactly like unknown ids', async () => {
      const mine = await answer(alice, 'create_challenge', { firm: 'The5ers', plan: 'High Stakes 10k', price: 95 });
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const id of [mine.id, unknown]) {
        expect(errorCode(await call(bob, 'get_challenge', { id }))).toBe('not_found');
        expect(errorCode(await call(bob, 'add_memo', { challengeId: id, content: 'x' }))).toBe('not_found');
        expect(errorCode(await call(bob, 'update_challenge', { id, phase: 'Phase 2' }))).toBe('not_found');
        expect(errorCode(await call(bob, 'add_payout', { challengeId: id, amount: 1, currency: 'USD', date: '2026-02-01' }))).toBe(
          'not_found',
        );
      }
      const bobs = await answer(bob, 'list_challenges');
      expect(bobs.items).toEqual([]);
    });

    it('paginates list_challenges with an opaque cursor', async () => {
      const carol = await connectClient(server.url, await server.keyFor('carol'));
      try {
        for (let i = 0; i < 5; i++) await call(carol, 'create_challenge', { firm: 'FTMO', plan: `plan ${i}`, price: 100 + i });
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await answer(carol, 'list_challenges', { limit: 2, ...(cursor ? { cursor } : {}) });
          seen.push(...page.items.map((c) => c.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(seen).toHaveLength(5);
        expect(new Set(seen).size).toBe(5);
        expect(errorCode(await call(carol, 'list_challenges', { cursor: 'garbage' }))).toBe('validation_failed');
      } finally {
        await carol.close();
      }
    });
  });

  describe('public tools', () => {
    it('search_plans finds plans by firm in any width, and suggests names for an unknown firm', async () => {
      const found = await answer(anonymous, 'search_plans', { firm: 'ＦＴＭＯ', limit: 3 });
      const programs = found.programs ?? [];
      expect(programs.flatMap((p) => p.sizes)).toHaveLength(3);
      expect(programs.every((p) => p.firm.slug === 'ftmo')).toBe(true);
      expect(found.priceNote).toMatch(/before coupons/i);
      const unknown = await answer(anonymous, 'search_plans', { firm: 'ftmoo' });
      expect(unknown.programs).toEqual([]);
      expect(unknown.suggestions).toContain('FTMO');
      expect(errorCode(await call(anonymous, 'search_plans', { phases: 7 }))).toBe('validation_failed');
    });

    it('search_articles and get_article work in Japanese, and fail cleanly on bad input', async () => {
      const hits = await answer(anonymous, 'search_articles', { q: '出金' });
      expect(hits.items.length).toBeGreaterThan(0);
      expect(hits.items[0]?.snippet).toContain('<mark>');
      const article = await call(anonymous, 'get_article', { slug: hits.items[0]?.slug as string });
      expect(contentOf('get_article', article).body.length).toBeGreaterThan(100);
      expect(errorCode(await call(anonymous, 'get_article', { slug: 'no-such-article' }))).toBe('not_found');
      expect(errorCode(await call(anonymous, 'search_articles', { q: 'x'.repeat(201) }))).toBe('validation_failed');
    });
  });
});

/** Longest operation description: agents read every tool's description on every request. */
const MAX_DESCRIPTION = 400;

interface FieldSchema {
  enum?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  items?: FieldSchema;
  [bound: string]: unknown;
}
interface InputSchema {
  properties?: Record<string, FieldSchema>;
}

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems'];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `value` as a whole token: not inside a longer word or number (`366` is not in `3660` nor in `terminal64`). */
const token = (value: string) => new RegExp(`(?<![\\w.,])${escape(value)}(?![\\w]|[.,]\\d)`);

/**
 * What an operation description gets wrong, in the obvious ways only: it does not say what it returns, is
 * long, or restates a rule its input schema already carries (every value of an enum, a numeric bound other
 * than 0 and 1, a default next to the word "default", the date and currency formats, "> 0"). Enum values
 * are matched case-sensitively, so prose such as "MT5 or MT4" is not a restatement of `mt5`/`mt4`.
 */
function descriptionProblems(description: string, schema: InputSchema): string[] {
  const problems: string[] = [];
  if (!/\b(Returns|Lists)\b/.test(description)) problems.push('does not say what it returns ("Returns …" or "Lists …")');
  if (description.length > MAX_DESCRIPTION) problems.push(`longer than ${MAX_DESCRIPTION} characters`);
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const values = (property.enum ?? []).map(String);
    if (values.length > 1 && values.every((value) => token(value).test(description))) problems.push(`lists the values of ${field}`);
    const bounds = [property, property.items ?? {}].flatMap((part) => BOUNDS.map((bound) => part[bound]));
    for (const bound of new Set(bounds.filter((value): value is number => typeof value === 'number' && Math.abs(value) > 1))) {
      const written = [String(bound), bound.toLocaleString('en-US')];
      if (written.some((text) => token(text).test(description))) problems.push(`states the bound ${bound} of ${field}`);
    }
    if (typeof property.default === 'string' || typeof property.default === 'number') {
      const value = escape(String(property.default));
      const near = new RegExp(`default[^.;]{0,20}?\`?\\b${value}\\b|\\b${value}\\b\`?[^.;]{0,3}\\(?default`, 'i');
      if (near.test(description)) problems.push(`states the default of ${field}`);
    }
    if (property.exclusiveMinimum === 0 && /(>|greater than) ?0\b/.test(description)) problems.push(`states the lower bound of ${field}`);
    const currency = property.pattern === '^[A-Za-z]{3}$' && /ISO 4217/.test(description);
    const date = property.format === 'date' && /YYYY-MM-DD/.test(description);
    if (currency || date) problems.push(`states the format of ${field}`);
  }
  return problems;
}
