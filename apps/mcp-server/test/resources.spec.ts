import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describeEachDatabase } from '@propfolio/db/testing';
import { connectClient, startMcpServer, type McpTestServer } from './harness.js';

describeEachDatabase('MCP resources and prompts', (getDb) => {
  let server: McpTestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startMcpServer(getDb());
    client = await connectClient(server.url);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('lists articles as resources and reads one through the same operation as get_article', async () => {
    const { resources } = await client.listResources();
    expect(resources.length).toBeGreaterThanOrEqual(20);
    const first = resources[0];
    expect(first?.uri).toMatch(/^propfolio:\/\/articles\/[a-z0-9-]+$/);
    const read = await client.readResource({ uri: first?.uri as string });
    const content = read.contents[0] as { text: string };
    expect(JSON.parse(content.text)).toMatchObject({ slug: first?.name });
  });

  it('publishes resource templates and refuses unknown resources', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('propfolio://articles/{slug}');
    await expect(client.readResource({ uri: 'propfolio://articles/no-such-article' })).rejects.toThrow(/not_found/);
    await expect(client.readResource({ uri: 'https://example.com/x' })).rejects.toThrow(/Unknown resource/);
  });

  it('offers prompts that name the tools to combine', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['review_challenge_spending', 'prepare_for_firm']);
    const review = await client.getPrompt({ name: 'review_challenge_spending', arguments: { since: '2026-01-01' } });
    const message = review.messages[0]?.content as { text: string };
    expect(message.text).toContain('get_summary');
    expect(message.text).toContain('from=2026-01-01');
    await expect(client.getPrompt({ name: 'prepare_for_firm', arguments: {} })).rejects.toThrow(/firm argument/);
  });
});
