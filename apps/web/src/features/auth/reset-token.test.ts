import { describe, expect, it } from 'vitest';
import { tokenFromHash } from './reset-password-page.tsx';

describe('the reset link token', () => {
  it('is read from the fragment of the e-mailed link', () => {
    expect(tokenFromHash('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFromHash('token=abc')).toBe('abc');
  });
  it('is missing when the link was cut', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#tok')).toBeNull();
  });
});
