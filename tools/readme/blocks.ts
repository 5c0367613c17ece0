/**
 * The fenced blocks of a Markdown page (the README or a page in docs/), each with its language, the line its
 * fence opens on and the marker comment above it (blank lines between them allowed, as Prettier writes them),
 * if any:
 *
 *   <!-- readme-test: skip <reason> -->    not run (it needs something the test cannot provide)
 *   <!-- readme-test: first-start -->      text the server prints on its first start (`…` matches anything)
 */
export interface ReadmeBlock {
  lang: string;
  line: number;
  code: string;
  marker: { kind: 'skip' | 'first-start'; reason: string } | null;
}

const MARKER = /^<!--\s*readme-test:\s*(skip|first-start)\b\s*(.*?)\s*-->$/;

export function readmeBlocks(markdown: string, source = 'README'): ReadmeBlock[] {
  const lines = markdown.split('\n');
  const blocks: ReadmeBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^```(\S*)\s*$/.exec(lines[i] ?? '');
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && !/^```\s*$/.test(lines[i] ?? ''); i += 1) body.push(lines[i] ?? '');
    if (i >= lines.length) throw new Error(`${source} line ${start + 1}: the fence is never closed`);
    // The marker is the nearest non-blank line above the fence (Prettier puts a blank line between them).
    let markerLine = start - 1;
    while (markerLine > 0 && (lines[markerLine] ?? '').trim() === '') markerLine -= 1;
    const above = MARKER.exec((lines[markerLine] ?? '').trim());
    blocks.push({
      lang: open[1] ?? '',
      line: start + 1,
      code: body.join('\n'),
      marker: above ? { kind: above[1] as 'skip' | 'first-start', reason: above[2] ?? '' } : null,
    });
  }
  return blocks;
}
