/** Money as the spec shows it: euros, in the interface language's number format (contract rule). */
export { formatCents } from '@portside/contract/rules/money';
