/** The money formatter lives in shared/format (billing and payments use it too). */
export { formatCents } from '../../../shared/format/money';
