/** Display formats (spec section 9) live in the domain package; the web app uses them from here. */
export { formatCurrency, formatDate, formatDateTime } from '@portico/domain';
