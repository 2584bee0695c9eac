import { registerMessages } from '../../http/errors.ts';

registerMessages({
  NOTHING_TO_UPDATE: {
    pt: 'Envie ao menos um campo para alterar: price_brl, price_usd, is_active ou stock.',
    en: 'Send at least one field to change: price_brl, price_usd, is_active or stock.',
  },
  PRODUCT_EXISTS: {
    pt: 'Já existe um produto para este serviço neste país ({sku}). Edite o produto existente.',
    en: 'A product for this service in this country already exists ({sku}). Edit the existing product.',
  },
  SKU_TAKEN: {
    pt: 'O SKU {sku} já está em uso por outro produto.',
    en: 'The SKU {sku} is already used by another product.',
  },
  UNKNOWN_SERVICE: { pt: 'Serviço não encontrado.', en: 'Service not found.' },
  FAVOURITES_FULL: {
    pt: 'Você já tem {max} serviços favoritos. Remova um para adicionar outro.',
    en: 'You already have {max} favourite services. Remove one to add another.',
  },
  UNKNOWN_COUNTRY: { pt: 'País não encontrado.', en: 'Country not found.' },
  UNKNOWN_PROVIDER: {
    pt: 'Fornecedor desconhecido: {provider}.',
    en: 'Unknown provider: {provider}.',
  },
  DUPLICATE_COST: {
    pt: 'Informe um único custo por fornecedor e moeda.',
    en: 'Give one cost per provider and currency.',
  },
  PRICE_OUT_OF_RANGE: {
    pt: 'A regra daria ao produto {sku} um preço acima do máximo permitido. Reduza a margem.',
    en: 'The rule would give product {sku} a price above the allowed maximum. Lower the markup.',
  },
  PRICING_RULE_NOT_FOUND: { pt: 'Regra de preços não encontrada.', en: 'Pricing rule not found.' },
  CATEGORY_NOT_FOUND: { pt: 'Categoria não encontrada.', en: 'Category not found.' },
  CATEGORY_SLUG_TAKEN: {
    pt: 'Já existe uma categoria com o identificador {slug}.',
    en: 'A category with the identifier {slug} already exists.',
  },
  NOTHING_TO_CHANGE: {
    pt: 'Envie ao menos um campo para alterar.',
    en: 'Send at least one field to change.',
  },
  ORDER_MISMATCH: {
    pt: 'A nova ordem deve conter cada item exatamente uma vez. Recarregue a página e tente de novo.',
    en: 'The new order must hold every item exactly once. Reload the page and try again.',
  },
  PROTOCOL_ID_TAKEN: {
    pt: 'O número de país {id} do protocolo já está em uso por outro país.',
    en: 'The protocol country number {id} is already used by another country.',
  },
});
