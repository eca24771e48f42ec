import { PROFILE_IMAGE_HINT, PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TOO_LARGE } from '@portico/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { ProfileForm } from './ProfileForm';

const STORED = '/api/v1/files/profile-images/p-1/abc.webp';

function renderForm(image: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <ProfileForm firstName="Asha" lastName="Rao" image={image} readOnly={false} />
    </QueryClientProvider>,
  );
  const input = utils.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...utils, input };
}

const avatarSrc = (container: HTMLElement) => container.querySelector('img')?.getAttribute('src');

beforeEach(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:local-preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ProfileForm picture', () => {
  it('shows a stored picture by its URL path and the 5 MB hint', () => {
    const { container } = renderForm(STORED);
    expect(avatarSrc(container)).toBe(STORED);
    expect(screen.getByText(PROFILE_IMAGE_HINT)).toBeTruthy();
  });

  it('when the picture is over 5 MB or not a picture then it says so with the server message and sends nothing', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ profileImage: null });
    const user = userEvent.setup({ applyAccept: false });
    const { input } = renderForm();
    await user.upload(
      input,
      new File([new Uint8Array(PROFILE_IMAGE_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(screen.getByText(PROFILE_IMAGE_TOO_LARGE)).toBeTruthy();
    await user.upload(input, new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(screen.getByText('The profile image must be a PNG, JPEG, GIF or WebP picture.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect((post.mock.calls[0]?.[1] as FormData | undefined)?.get('profile_image')).toBeNull();
  });

  it('when a picture is saved then the avatar shows the stored image the server answered with', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ profileImage: STORED });
    const user = userEvent.setup();
    const { container, input } = renderForm();
    await user.upload(input, new File([new Uint8Array(1000)], 'me.png', { type: 'image/png' }));
    expect(avatarSrc(container)).toBe('blob:local-preview');
    expect(screen.getByText('me.png')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved.')).toBeTruthy();
    expect((post.mock.calls[0]?.[1] as FormData | undefined)?.get('profile_image')).toBeInstanceOf(File);
    await waitFor(() => expect(avatarSrc(container)).toBe(STORED));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:local-preview');
  });
});
