import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** The pages that count or list the tools: their marked parts are written from tools/list, never by hand. */
export const TOOL_DOC_PAGES = ['README.md', 'docs/mcp-clients.md'].map((page) => join(import.meta.dirname, '..', '..', '..', page));

const line = (tool: Tool) => `- \`${tool.name}\`: ${tool.title ?? tool.name}${tool.annotations?.readOnlyHint === true ? '' : ' (writes)'}`;

/** What each `<!-- generated:NAME -->…<!-- /generated:NAME -->` part says, from the two lists a server answers. */
export function toolDocParts(withoutKey: Tool[], withKey: Tool[]): Record<string, string> {
  const publicNames = new Set(withoutKey.map((tool) => tool.name));
  return {
    'public-tool-count': String(withoutKey.length),
    'tool-count': String(withKey.length),
    // blank lines around the list, as Prettier lays out a Markdown block beside an HTML comment
    'tool-list': [
      '',
      '',
      `Without a key (${String(withoutKey.length)}):`,
      '',
      ...withoutKey.map(line),
      '',
      `With a key, these as well (${String(withKey.length - withoutKey.length)}):`,
      '',
      ...withKey.filter((tool) => !publicNames.has(tool.name)).map(line),
      '',
      '',
    ].join('\n'),
  };
}

/** `text` with every marked part replaced by its generated content (a part with no content is an error). */
export function renderToolDocs(text: string, parts: Record<string, string>): string {
  return text.replace(
    /(<!-- generated:([a-z-]+) -->)[\s\S]*?(<!-- \/generated:\2 -->)/g,
    (_all, open: string, name: string, close: string) => {
      const content = parts[name];
      if (content === undefined) throw new Error(`no generated content named ${name}`);
      return `${open}${content}${close}`;
    },
  );
}

/** Checks (or, with `write`, rewrites) each page; answers the pages as they are and as generated. */
export function toolDocPages(parts: Record<string, string>, write: boolean): { page: string; text: string; generated: string }[] {
  return TOOL_DOC_PAGES.map((page) => {
    const text = readFileSync(page, 'utf8');
    const generated = renderToolDocs(text, parts);
    if (write && generated !== text) writeFileSync(page, generated);
    return { page, text: write ? generated : text, generated };
  });
}
