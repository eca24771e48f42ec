import { formatCurrency, formatMicros } from '@portico/domain';
import { htmlTemplates, templatesFolder } from '../../platform/templates.ts';

/** The sandbox checkout's template (./templates/checkout.eta); every value HTML-escaped. */
export const WALLET_TEMPLATES_DIR = templatesFolder('modules/wallet/templates');
const views = htmlTemplates(WALLET_TEMPLATES_DIR);

export interface CheckoutPageInput {
  brandName: string;
  topupId: string;
  amountMicros: bigint;
  status: string;
  action: string;
  walletUrl: string;
}

/**
 * The sandbox provider's hosted checkout: plain HTML, no script (CSP script-src 'self'), styled by
 * the sign-in page's stylesheet. Pay, Fail and Abandon post the tester's choice, with
 * `hiddenFields` (name -> value) as hidden inputs of that form.
 */
export function renderCheckoutPage(
  input: CheckoutPageInput,
  hiddenFields: Record<string, string> = {},
): string {
  return views.render('./checkout', {
    ...input,
    amount: formatCurrency(formatMicros(input.amountMicros)),
    hiddenFields,
  });
}
