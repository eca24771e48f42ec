import { describe, expect, it } from 'vitest';
import { renderCheckoutPage } from './checkout.page.ts';

const input = {
  brandName: 'Acme <b>',
  topupId: 'top"up',
  amountMicros: 40_500_000n,
  status: 'pending',
  action: '/payments/sandbox/checkout/t?a=1&b=2',
  walletUrl: '/u/my-wallet',
};

describe('sandbox checkout page', () => {
  it('when values carry markup then they are escaped (the template engine escapes by default)', () => {
    const html = renderCheckoutPage(input);
    expect(html).toContain('<span class="brand-name">Acme &lt;b&gt; Pay (sandbox)</span>');
    expect(html).toContain('action="/payments/sandbox/checkout/t?a=1&amp;b=2"');
    expect(html).toContain('Reference top&quot;up');
    expect(html).toContain('Pay $40.50');
    expect(html).not.toContain('<b>');
  });

  it('when hidden fields are given then each is a hidden input of the form, escaped', () => {
    const html = renderCheckoutPage(input, { xsrf: 'a"><script>x</script>', other: 'v' });
    const form = /<form[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
    expect(form).toContain(
      '<input type="hidden" name="xsrf" value="a&quot;&gt;&lt;script&gt;x&lt;/script&gt;">',
    );
    expect(form).toContain('<input type="hidden" name="other" value="v">');
    expect(html).not.toContain('<script>');
  });

  it('when the top-up is closed then no form is shown, only the way back', () => {
    const html = renderCheckoutPage({ ...input, status: 'succeeded' }, { xsrf: 'x' });
    expect(html).toContain('This top-up of $40.50 is succeeded.');
    expect(html).not.toContain('<form');
    expect(html).toContain('<a class="button" href="/u/my-wallet">Back to My Wallet</a>');
  });
});
