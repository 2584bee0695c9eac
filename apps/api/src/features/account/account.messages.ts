import { registerMessages } from '../../http/errors.ts';

registerMessages({
  API_KEY_LIMIT: {
    pt: 'Você já tem {max} chaves de API ativas. Revogue uma antes de criar outra.',
    en: 'You already have {max} active API keys. Revoke one before creating another.',
  },
  API_KEY_NOT_FOUND: { pt: 'Chave de API não encontrada.', en: 'API key not found.' },
  EMAIL_TAKEN: {
    pt: 'Email já cadastrado. Por favor, utilize outro email ou faça login.',
    en: 'Email already registered. Please use another email or sign in.',
  },
  WEBHOOK_URL_REFUSED: {
    pt: 'Este endereço não pode receber webhooks: use https e um endereço público na internet.',
    en: 'This address cannot receive webhooks: use https and a public internet address.',
  },
  USER_NOT_FOUND: { pt: 'Usuário não encontrado.', en: 'User not found.' },
});
