import { describe, expect, it } from 'vitest';
import { readSupportContact } from './support.ts';

describe('support contact', () => {
  it('uses the configured address and a WhatsApp number written any way', () => {
    expect(
      readSupportContact({
        VITE_SUPPORT_EMAIL: 'help@loja.com.br',
        VITE_SUPPORT_WHATSAPP: '+55 (11) 91234-5678',
      }),
    ).toEqual({ email: 'help@loja.com.br', whatsapp: '5511912345678' });
  });

  it('falls back to the store address and no WhatsApp link when unset or malformed', () => {
    expect(readSupportContact({})).toEqual({ email: 'suporte@numero.dev', whatsapp: null });
    expect(readSupportContact({ VITE_SUPPORT_EMAIL: 'not an email', VITE_SUPPORT_WHATSAPP: '123' })).toEqual({
      email: 'suporte@numero.dev',
      whatsapp: null,
    });
  });
});
