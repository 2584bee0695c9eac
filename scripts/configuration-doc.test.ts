import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configSchema } from '../apps/api/src/config.ts';
import { DOC_PATH, renderConfigurationDoc } from './configuration-doc.ts';

describe('docs/configuration.md', () => {
  it('is what the configuration schema says', () => {
    expect(
      readFileSync(DOC_PATH, 'utf8'),
      'docs/configuration.md is stale: run `npm run docs:config` and commit the page',
    ).toBe(renderConfigurationDoc());
  });

  it('states each default the schema applies and each one it computes', () => {
    const page = renderConfigurationDoc();
    expect(page).toContain('| `PORT` | `3000` | HTTP port for the API and the web app. |');
    expect(page).toContain('| `PUBLIC_URL` | `http://localhost:$PORT` |');
    expect(page).toContain('| `DEMO_MODE` | `true` outside production |');
  });

  it('refuses a variable added to the schema without a description or a section', () => {
    expect(() => renderConfigurationDoc(configSchema.extend({ NEW_SETTING: z.string().optional() }))).toThrow(
      /NEW_SETTING has no section in scripts\/configuration-doc\.ts\nNEW_SETTING has no description/,
    );
  });
});
