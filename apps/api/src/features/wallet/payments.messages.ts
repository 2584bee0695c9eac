import { registerMessages } from '../../http/errors.ts';

registerMessages({
  SANDBOX_DISABLED: {
    pt: 'Os pagamentos de teste estão desativados nesta loja.',
    en: 'Test payments are switched off in this store.',
  },
  AMOUNT_NOT_CENTS: {
    pt: 'O valor deve ser um número inteiro de centavos (por exemplo, 5000 para R$ 50,00).',
    en: 'The amount must be a whole number of cents (for example, 5000 for $50.00).',
  },
  AMOUNT_TOO_LOW: { pt: 'O valor mínimo é {limit}.', en: 'The minimum is {limit}.' },
  AMOUNT_TOO_HIGH: { pt: 'O valor máximo é {limit}.', en: 'The maximum is {limit}.' },
  METHOD_CURRENCY_MISMATCH: {
    pt: 'PIX e boleto só estão disponíveis em reais (BRL). Para dólares, use cartão.',
    en: 'PIX and boleto are only available in reais (BRL). For dollars, use a card.',
  },
  PAYMENT_METHOD_UNAVAILABLE: {
    pt: 'Este meio de pagamento não está disponível no momento. Escolha outro.',
    en: 'This payment method is not available right now. Choose another one.',
  },
  BOLETO_PAYER_REQUIRED: {
    pt: 'Para gerar o boleto, informe o nome e o CPF ou CNPJ do pagador.',
    en: 'To issue a boleto, give the payer’s name and CPF or CNPJ.',
  },
  PIX_PAYER_REQUIRED: {
    pt: 'Para pagar com PIX, informe o nome e o CPF ou CNPJ do pagador.',
    en: 'To pay by PIX, give the payer’s name and CPF or CNPJ.',
  },
  TOPUP_RATE_LIMITED: {
    pt: 'Muitas tentativas de recarga em pouco tempo. Aguarde alguns minutos e tente novamente.',
    en: 'Too many top-up attempts in a short time. Wait a few minutes and try again.',
  },
  PAYMENT_NOT_FOUND: { pt: 'Pagamento não encontrado.', en: 'Payment not found.' },
  PAYMENT_NOT_PENDING: {
    pt: 'Este pagamento não está mais aguardando pagamento.',
    en: 'This payment is no longer awaiting payment.',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    pt: 'O serviço de pagamentos está indisponível no momento. Nada foi cobrado; tente novamente em instantes.',
    en: 'The payment service is unavailable right now. Nothing was charged; please try again shortly.',
  },
  CARD_REQUIRED: {
    pt: 'Informe os dados do cartão para confirmar o pagamento.',
    en: 'Enter the card details to confirm the payment.',
  },
  CARD_TOKEN_REQUIRED: {
    pt: 'Os dados do cartão devem ser enviados pelo formulário seguro do provedor de pagamentos.',
    en: 'Card details must be sent through the payment provider’s secure form.',
  },
  CARD_NOT_A_CARD_PAYMENT: {
    pt: 'Este pagamento não é por cartão.',
    en: 'This payment is not a card payment.',
  },
  CARD_NUMBER_INVALID: {
    pt: 'O número do cartão não é válido. Confira e tente novamente.',
    en: 'The card number is not valid. Check it and try again.',
  },
  CARD_EXPIRY_INVALID: {
    pt: 'A validade do cartão não é válida ou o cartão está vencido.',
    en: 'The expiry date is not valid or the card has expired.',
  },
  CARD_CVC_INVALID: {
    pt: 'O código de segurança (CVC) não é válido.',
    en: 'The security code (CVC) is not valid.',
  },
  CARD_DECLINED: {
    pt: 'O cartão foi recusado. Tente outro cartão ou outro meio de pagamento.',
    en: 'The card was declined. Try another card or payment method.',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    pt: 'Assinatura do webhook inválida.',
    en: 'Invalid webhook signature.',
  },
  WEBHOOK_PAYLOAD_INVALID: {
    pt: 'O conteúdo do webhook não é um evento válido.',
    en: 'The webhook body is not a valid event.',
  },
});
