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
  USER_EMAIL_TAKEN: {
    pt: 'Já existe um usuário com este email.',
    en: 'A user with this email already exists.',
  },
});
