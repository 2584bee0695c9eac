import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// npm checks `engines` against the Node that runs npm (a newcomer's may be 20), while every npm script
// runs on the Node 24 of the `node` devDependency: `engines` must accept the first, the scripts get the
// second (issue 36: 13 EBADENGINE warnings on Node 20 read as errors).
const root = new URL('..', import.meta.url).pathname;
const manifest = (path: string) =>
  JSON.parse(readFileSync(join(root, path, 'package.json'), 'utf8')) as {
    workspaces?: string[];
    engines?: { node?: string };
    devDependencies?: Record<string, string>;
  };

describe('the Node the project asks for', () => {
  const top = manifest('.');

  it('lets npm install on Node 20 or newer, in the root and in every workspace', () => {
    expect(top.engines?.node).toBe('>=20');
    for (const workspace of top.workspaces ?? [])
      expect([undefined, '>=20'], workspace).toContain(manifest(workspace).engines?.node);
  });

  it('runs the scripts on the Node 24 that comes with the project', () => {
    expect(top.devDependencies?.node).toMatch(/^\^24\./);
  });
});
