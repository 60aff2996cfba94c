import { sellerBank } from '../../config.js';

/** The account bank transfers go to, as configured (PAYMENTS_BANK_*): the same on the invoice and in the transfer instructions. */
const bank = sellerBank();

/**
 * The provider as it appears on every invoice: the one place its name, address and VAT number are
 * kept (the bank account is configuration). `country` is what invoice_vat() compares the
 * customer's country with (reverse charge for EU businesses elsewhere); offers and orders use it
 * too. An operator changes these before going live.
 */
export const SELLER = {
  name: bank.beneficiary,
  addressLines: ['Avenida da Liberdade 110', '1250-146 Lisboa', 'Portugal'],
  /** ISO 3166 alpha-2, as in clients.country and vat_rates. */
  country: 'PT',
  vatNumber: 'PT509876543',
  email: 'billing@portside.test',
  bank: { name: 'Banco Exemplo', iban: bank.iban, bic: bank.bic },
};

export type Seller = typeof SELLER;
