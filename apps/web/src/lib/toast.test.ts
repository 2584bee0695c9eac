import { describe, expect, it } from 'vitest';
import { toastOptions } from './toast.ts';

describe('one toast per message', () => {
  it('a text is its own id, so the same message twice replaces the toast instead of stacking', () => {
    expect(toastOptions('Código copiado!')).toEqual({ id: 'Código copiado!' });
    expect(toastOptions('Código copiado!', { description: 'x' })).toEqual({
      id: 'Código copiado!',
      description: 'x',
    });
  });

  it('keeps an id given by the caller, and leaves a message that is not a text alone', () => {
    expect(toastOptions('Salvo', { id: 'save' })).toEqual({ id: 'save' });
    expect(toastOptions(undefined)).toBeUndefined();
  });
});
