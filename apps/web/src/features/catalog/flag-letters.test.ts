import { describe, expect, it } from 'vitest';
import { flagFromLetters, flagLetters } from './flag-letters.ts';

describe('flags edited as letters', () => {
  it('shows a stored flag as its two letters and turns letters back into the stored flag', () => {
    expect(flagLetters('\u{1F1E7}\u{1F1F7}')).toBe('BR');
    expect(flagFromLetters(' pt ')).toBe('\u{1F1F5}\u{1F1F9}');
    expect(flagFromLetters(flagLetters('\u{1F1FA}\u{1F1F8}'))).toBe('\u{1F1FA}\u{1F1F8}');
  });

  it('refuses what is not two letters', () => {
    expect(flagFromLetters('B')).toBeNull();
    expect(flagFromLetters('BRA')).toBeNull();
    expect(flagFromLetters('B1')).toBeNull();
    expect(flagLetters('xx')).toBe('xx');
  });
});
