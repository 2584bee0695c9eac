import { registerMessages } from '../../http/errors.ts';

registerMessages({
  IDEMPOTENCY_KEY_REQUIRED: {
    pt: 'Envie o cabeçalho Idempotency-Key com um identificador único desta compra.',
    en: 'Send an Idempotency-Key header with a unique identifier for this purchase.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    pt: 'O cabeçalho Idempotency-Key deve ter de 8 a 128 caracteres: letras, números, _ . : ou -.',
    en: 'The Idempotency-Key header must have 8 to 128 characters: letters, digits, _ . : or -.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    pt: 'Esta chave de idempotência já foi usada em outra compra. Gere uma nova chave.',
    en: 'This idempotency key was already used for another purchase. Generate a new key.',
  },
  PURCHASE_RATE_LIMITED: {
    pt: 'Muitas compras em pouco tempo. Aguarde um minuto e tente novamente.',
    en: 'Too many purchases in a short time. Wait a minute and try again.',
  },
  PRODUCT_NOT_FOUND: { pt: 'Produto não encontrado.', en: 'Product not found.' },
  PRODUCT_UNAVAILABLE: {
    pt: 'Este produto não está à venda no momento.',
    en: 'This product is not on sale at the moment.',
  },
  OUT_OF_STOCK: {
    pt: 'Sem números disponíveis para este serviço neste país. Escolha outro país ou tente mais tarde.',
    en: 'No numbers available for this service in this country. Choose another country or try later.',
  },
  NO_NUMBERS: {
    pt: 'Sem números disponíveis para este serviço neste país no momento. O valor voltou para o seu saldo. Escolha outro país ou tente mais tarde.',
    en: 'No numbers available for this service in this country right now. The amount went back to your balance. Choose another country or try later.',
  },
  OPERATOR_UNAVAILABLE: {
    pt: 'Não há números da operadora {operator} para este serviço neste país. Nada foi cobrado: escolha outra operadora ou "Qualquer operadora".',
    en: 'There are no {operator} numbers for this service in this country. Nothing was charged: choose another operator or "Any operator".',
  },
  UPSTREAM_UNAVAILABLE: {
    pt: 'O fornecedor de números está indisponível no momento. O valor voltou para o seu saldo. Tente novamente em instantes.',
    en: 'The number provider is unavailable right now. The amount went back to your balance. Please try again shortly.',
  },
  UPSTREAM_RETRY: {
    pt: 'O fornecedor de números não respondeu. Nada foi alterado; tente novamente em instantes.',
    en: 'The number provider did not answer. Nothing was changed; please try again shortly.',
  },
  ACTIVATION_NOT_FOUND: { pt: 'Ativação não encontrada.', en: 'Activation not found.' },
  ACTIVATION_PENDING: {
    pt: 'O número ainda está sendo reservado. Tente novamente em instantes.',
    en: 'The number is still being reserved. Please try again shortly.',
  },
  ACTIVATION_CLOSED: {
    pt: 'Esta ativação já foi encerrada.',
    en: 'This activation has already ended.',
  },
  CODE_ALREADY_RECEIVED: {
    pt: 'O código já foi recebido: esta ativação não pode mais ser cancelada nem reembolsada.',
    en: 'The code has already arrived: this activation can no longer be cancelled or refunded.',
  },
  EARLY_CANCEL_DENIED: {
    pt: 'O fornecedor só permite cancelar alguns minutos após a compra. Aguarde cerca de 2 minutos e tente novamente.',
    en: 'The provider only allows cancelling a few minutes after the purchase. Wait about 2 minutes and try again.',
  },
  RESEND_NOT_ALLOWED: {
    pt: 'Só é possível pedir outro SMS depois de receber um código e antes de a ativação expirar.',
    en: 'Another SMS can only be requested after a code has arrived and before the activation expires.',
  },
  RESEND_IN_PROGRESS: {
    pt: 'Outro SMS já foi pedido. Aguarde a chegada.',
    en: 'Another SMS has already been requested. Please wait for it.',
  },
  FINISH_NOT_ALLOWED: {
    pt: 'Só é possível concluir uma ativação que já recebeu o código.',
    en: 'Only an activation that has received its code can be finished.',
  },
});
