import { registerMessages } from '../../http/errors.ts';

registerMessages({
  CANNOT_DEACTIVATE_SELF: {
    pt: 'Você não pode desativar a sua própria conta.',
    en: 'You cannot deactivate your own account.',
  },
  CANNOT_DEMOTE_SELF: {
    pt: 'Você não pode alterar a sua própria role. Peça a outro administrador.',
    en: 'You cannot change your own role. Ask another administrator.',
  },
  LAST_ADMIN: {
    pt: 'A loja precisa de pelo menos um administrador ativo.',
    en: 'The store needs at least one active administrator.',
  },
  UNKNOWN_PROVIDER: {
    pt: 'Provedor desconhecido: {name}.',
    en: 'Unknown provider: {name}.',
  },
  PROVIDER_ORDER_MISMATCH: {
    pt: 'A ordem deve conter cada provedor exatamente uma vez.',
    en: 'The order must hold every provider exactly once.',
  },
  LAST_PROVIDER: {
    pt: 'Pelo menos um provedor precisa ficar ativo.',
    en: 'At least one provider must stay enabled.',
  },
  USER_EMAIL_TAKEN: {
    pt: 'Já existe um usuário com este email.',
    en: 'A user with this email already exists.',
  },
});
