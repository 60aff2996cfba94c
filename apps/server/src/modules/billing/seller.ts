/**
 * The provider as it appears on every invoice: the one place its name, address, VAT number and
 * bank account are kept. `country` is what invoice_vat() compares the customer's country with
 * (reverse charge for EU businesses elsewhere). An operator changes these before going live.
 */
export const SELLER = {
  name: 'Portside Cloud Lda',
  addressLines: ['Avenida da Liberdade 110', '1250-146 Lisboa', 'Portugal'],
  /** ISO 3166 alpha-2, as in clients.country and vat_rates. */
  country: 'PT',
  vatNumber: 'PT509876543',
  email: 'billing@portside.test',
  bank: { name: 'Banco Exemplo', iban: 'PT50 0002 0123 1234 5678 9015 4', bic: 'EXMPPTPL' },
} as const;

export type Seller = typeof SELLER;
