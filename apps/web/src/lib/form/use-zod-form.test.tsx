import Button from '@mui/material/Button';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/http/api-error';
import { FormCheckbox } from './checkbox';
import { FormErrorAlert } from './error-alert';
import { FormTextField } from './text-field';
import { CORRECT_THE_FIELDS, useZodForm } from './use-zod-form';

const ZCompany = z.object({
  company: z.object({ name: z.string().trim().min(1, 'Company name is required.') }),
  website: z.url({ error: 'Enter the website as https://example.com.' }),
  seats: z.coerce.number().int().positive('Choose at least one seat.'),
  acceptTerms: z.literal(true, 'Accept the terms to continue.'),
});

/** A form built the one way the portal builds forms; `send` plays the API call. */
function CompanyForm({ send }: { send: (body: z.output<typeof ZCompany>) => Promise<void> }) {
  const form = useZodForm(ZCompany, { company: { name: '' }, website: '', seats: '' });
  const submit = form.submitWith(async (body) => {
    try {
      await send(body);
    } catch (error) {
      form.showServerError(error, (field) => (field === 'company_name' ? 'company.name' : field));
    }
  });
  return (
    <form noValidate onSubmit={submit}>
      <FormErrorAlert message={form.formError} />
      <FormTextField control={form.control} name="company.name" label="Company name" />
      <FormTextField control={form.control} name="website" label="Website" helperText="Your home page" />
      <FormTextField control={form.control} name="seats" label="Seats" />
      <FormCheckbox control={form.control} name="acceptTerms" label="I accept the terms" />
      <Button type="submit">Save</Button>
    </form>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('the form kit', () => {
  it("when the form is sent wrong then each field shows its contract's message, the form asks to correct them and nothing is sent", async () => {
    const send = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<CompanyForm send={send} />);
    expect(screen.getByText('Your home page')).toBeTruthy();

    await user.type(field('Website'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Company name is required.')).toBeTruthy();
    expect(screen.getByText('Enter the website as https://example.com.')).toBeTruthy();
    expect(screen.getByText('Choose at least one seat.')).toBeTruthy();
    expect(screen.getByText('Accept the terms to continue.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(CORRECT_THE_FIELDS);
    // The helper text gives way to the message, and the field is marked invalid for assistive tech.
    expect(screen.queryByText('Your home page')).toBeNull();
    expect(field('Website').getAttribute('aria-invalid')).toBe('true');
    // What was typed stays; the first wrong field has the focus.
    expect(field('Website').value).toBe('not a url');
    expect(document.activeElement).toBe(field('Company name'));
    expect(send).not.toHaveBeenCalled();

    // Fixing a field clears its message as the user types.
    await user.type(field('Company name'), 'Acme');
    await waitFor(() => expect(screen.queryByText('Company name is required.')).toBeNull());
  });

  it('when the values pass then the parsed request (trimmed, coerced) is sent', async () => {
    const send = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<CompanyForm send={send} />);
    await user.type(field('Company name'), '  Acme  ');
    await user.type(field('Website'), 'https://acme.test');
    await user.type(field('Seats'), '3');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({
        company: { name: 'Acme' },
        website: 'https://acme.test',
        seats: 3,
        acceptTerms: true,
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('when the server refuses with field errors then they land on their fields (mapped names too), its message above, and what was typed stays', async () => {
    const send = vi.fn(async () => {
      throw new ApiError("Invalid body 'website': already used by another partner", {
        statusCode: 11,
        httpStatus: 400,
        data: [
          { field: 'website', message: 'Already used by another partner.' },
          { field: 'company_name', message: 'A company of this name exists.' },
        ],
      });
    });
    const user = userEvent.setup();
    render(<CompanyForm send={send} />);
    await user.type(field('Company name'), 'Acme');
    await user.type(field('Website'), 'https://acme.test');
    await user.type(field('Seats'), '2');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Already used by another partner.')).toBeTruthy();
    expect(screen.getByText('A company of this name exists.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      "Invalid body 'website': already used by another partner",
    );
    // The server's answer is the save's result: it takes the focus, so it is read out first.
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(field('Company name').value).toBe('Acme');
    expect(field('Website').value).toBe('https://acme.test');
    expect(field('Seats').value).toBe('2');
    expect((screen.getByRole('checkbox', { name: 'I accept the terms' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('when the server refuses without naming a field then only its message shows', async () => {
    const send = vi.fn(async () => {
      throw new ApiError('This email is already registered.', { statusCode: 11, httpStatus: 409 });
    });
    const user = userEvent.setup();
    render(<CompanyForm send={send} />);
    await user.type(field('Company name'), 'Acme');
    await user.type(field('Website'), 'https://acme.test');
    await user.type(field('Seats'), '1');
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This email is already registered.');
    expect(field('Website').getAttribute('aria-invalid')).toBe('false');
  });
});
