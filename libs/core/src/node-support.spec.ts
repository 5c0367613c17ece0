import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { nodeSatisfies, SUPPORTED_NODE_ENGINES, unsupportedNodeWarning, warnIfUnsupportedNode } from './node-support.js';

const rootPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };

describe('the supported Node lines', () => {
  it('are the root package.json engines (the bundles carry this copy)', () => {
    expect(SUPPORTED_NODE_ENGINES).toBe(rootPackage.engines.node);
  });

  it('take 22.13+, 24 and 26 or newer, and nothing else', () => {
    for (const version of ['v22.13.0', 'v22.20.1', 'v24.0.0', 'v24.22.3', 'v26.0.0', 'v27.3.1'])
      expect(nodeSatisfies(version, SUPPORTED_NODE_ENGINES)).toBe(true);
    for (const version of ['v20.20.2', 'v22.12.9', 'v23.11.0', 'v25.9.0', 'v18.20.8', 'not a version'])
      expect(nodeSatisfies(version, SUPPORTED_NODE_ENGINES)).toBe(false);
  });
});

describe('unsupportedNodeWarning', () => {
  it('is one line naming the version and the supported lines on an unsupported Node', () => {
    const line = unsupportedNodeWarning('v20.20.2');
    expect(line).toBe(
      'Warning: Node v20.20.2 is not supported by Propfolio; use Node 22.13+, 24 or 26+ (package.json engines "^22.13.0 || ^24.0.0 || >=26.0.0").',
    );
    expect(line).not.toContain('\n');
  });

  it('is null on a supported Node', () => {
    expect(unsupportedNodeWarning('v24.22.3')).toBeNull();
    expect(unsupportedNodeWarning('v22.13.0')).toBeNull();
  });

  it('follows another engines range', () => {
    expect(unsupportedNodeWarning('v24.1.0', '>=26.0.0')).toContain('use Node 26+');
  });

  it('is printed once per process however many apps start in it', () => {
    const lines: string[] = [];
    warnIfUnsupportedNode('v24.22.3', (line) => lines.push(line));
    expect(lines).toEqual([]);
    warnIfUnsupportedNode('v20.20.2', (line) => lines.push(line));
    warnIfUnsupportedNode('v20.20.2', (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Warning: Node v20\.20\.2 is not supported/);
  });
});
