import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { describeEachDatabase } from '@propfolio/db/testing';
import { TestService } from './harness.js';

/** The committed OpenAPI documents (docs/openapi), which the web app's and the tests' types are generated from. */
const FILES = [
  { route: '/api/v1/openapi.json', file: 'docs/openapi/rest.json' },
  { route: '/app/api/openapi.json', file: 'docs/openapi/dashboard.json' },
] as const;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** `npm run openapi` sets it: write the files instead of comparing them. */
const WRITE = process.env.OPENAPI_WRITE === '1';

describeEachDatabase('committed OpenAPI documents', (getDb) => {
  let service: TestService;
  beforeAll(async () => {
    service = await TestService.start(getDb());
  });
  afterAll(async () => (service as TestService | undefined)?.close());

  it.each(FILES)('$file is what $route serves (run `npm run openapi` after changing a contract)', async ({ route, file }) => {
    const served = await service.http().get(route).expect(200);
    const text = `${JSON.stringify(JSON.parse(served.text), null, 2)}\n`;
    if (WRITE) await writeFile(`${ROOT}${file}`, text);
    const committed = await readFile(`${ROOT}${file}`, 'utf8').catch(() => '');
    if (committed !== text) {
      throw new Error(
        `${file} differs from what ${route} serves: run \`npm run openapi\` and commit ${file} ` +
          `(${file} は ${route} の内容と異なります。\`npm run openapi\` を実行してコミットしてください)`,
      );
    }
    expect(committed).toBe(text);
  });
});
