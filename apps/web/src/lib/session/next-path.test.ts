import { beforeEach, describe, expect, it } from 'vitest';
import { registerThen, safeNextPath, saveNextPath, takeNextPath } from './next-path.ts';

beforeEach(() => sessionStorage.clear());

describe('the path after sign-in', () => {
  it("accepts only this store's paths", () => {
    expect(safeNextPath('/dashboard/products?service=wa&country=BR')).toBe(
      '/dashboard/products?service=wa&country=BR',
    );
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'dashboard',
      '/login',
      '/register?x=1',
      '/\t/evil.example',
      '',
    ])
      expect(safeNextPath(bad)).toBeNull();
  });

  it('is kept through sign-up and used once', () => {
    saveNextPath('/dashboard/products?service=wa&country=BR');
    expect(takeNextPath()).toBe('/dashboard/products?service=wa&country=BR');
    expect(takeNextPath()).toBeNull();
    saveNextPath('//evil.example');
    expect(takeNextPath()).toBeNull();
  });

  it('builds the sign-up address that carries it', () => {
    const href = registerThen('/dashboard/products?service=wa&country=BR');
    expect(new URL(href, 'http://x').searchParams.get('next')).toBe(
      '/dashboard/products?service=wa&country=BR',
    );
  });
});
