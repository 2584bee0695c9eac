import { registerMessages } from '../../http/errors.ts';

registerMessages({
  REUSE_NOT_AVAILABLE: {
    pt: 'Este número não pode mais ser reutilizado. Se algo foi cobrado, o valor voltou para o seu saldo: compre um número novo.',
    en: 'This number can no longer be reused. Anything charged went back to your balance: buy a new number.',
  },
  REUSE_NOT_ALLOWED: {
    pt: 'Só é possível usar de novo um número que recebeu o código.',
    en: 'Only a number that received its code can be used again.',
  },
  MULTI_SERVICE_INVALID: {
    pt: 'Escolha de 1 a {max} serviços diferentes para o mesmo número.',
    en: 'Choose 1 to {max} different services for the same number.',
  },
});
