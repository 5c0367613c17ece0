import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../data/articles');
const articles = readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') }));

// Articles are read by people and agents as the product's word: claims about keys must match the product
// (an API key belongs to a user; a `tracker` key may only register accounts and push reports).
describe('articles stay true to the product', () => {
  it('finds the articles', () => {
    expect(articles.length).toBeGreaterThan(5);
  });

  it.each(articles.map((a) => [a.name, a.text]))('%s does not describe keys as issued per account', (_name, text) => {
    expect(text).not.toMatch(/key only allows reports for that account|per-account API key|口座のレポート送信専用|新しい口座用の API キー/);
  });

  it('the tracker articles tell readers to use a tracker-scoped key', () => {
    for (const name of ['ea-pnl-tracker-linking.md', 'ea-pnl-tracker-setup-ja.md']) {
      expect(articles.find((a) => a.name === name)?.text).toMatch(/\*\*tracker\*\*/);
    }
  });
});
