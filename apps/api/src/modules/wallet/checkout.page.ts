import { formatCurrency, formatMicros } from '@portico/domain';
import { escapeHtml } from '../../platform/oidc/pages.ts';

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
 * the sign-in page's stylesheet. Pay, Fail and Abandon post the tester's choice.
 */
export function renderCheckoutPage(input: CheckoutPageInput): string {
  const brand = escapeHtml(input.brandName);
  const amount = escapeHtml(formatCurrency(formatMicros(input.amountMicros)));
  const body =
    input.status === 'pending'
      ? `<h1>Sandbox checkout</h1>
<p class="lead">Top up your ${brand} wallet with <strong>${amount}</strong>. This is the sandbox payment provider: no card is charged. Choose what the payment does.</p>
<form method="post" action="${escapeHtml(input.action)}" class="form">
<button class="button" type="submit" name="outcome" value="succeeded">Pay ${amount}</button>
<button class="button secondary" type="submit" name="outcome" value="failed">Fail payment</button>
<button class="button secondary" type="submit" name="outcome" value="abandoned">Abandon checkout</button>
</form>
<p class="hint">Reference ${escapeHtml(input.topupId)}</p>`
      : `<h1>Checkout closed</h1>
<p class="lead">This top-up of ${amount} is ${escapeHtml(input.status)}. Nothing more can be paid here.</p>
<p><a class="button" href="${escapeHtml(input.walletUrl)}">Back to My Wallet</a></p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Sandbox checkout · ${brand}</title>
<link rel="stylesheet" href="/oidc/assets/signin.css">
</head>
<body>
<main class="page">
<div class="card">
<p class="brand"><span class="brand-mark" aria-hidden="true">${escapeHtml(input.brandName.charAt(0).toUpperCase())}</span><span class="brand-name">${brand} Pay (sandbox)</span></p>
${body}
</div>
</main>
</body>
</html>`;
}
