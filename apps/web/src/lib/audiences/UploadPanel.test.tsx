import type { TAudience, TListResult } from '@portico/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { DEVELOPER } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/**
 * The resumable upload panel over a recording tus client: the progress in bytes and percent, Pause
 * and Resume, the audience opened when the upload ends, and after a reload the offer to continue an
 * unfinished upload of the same file. (The protocol itself is tested against the API.)
 */

interface Options {
  endpoint: string;
  metadata: Record<string, string>;
  onProgress: (sent: number, total: number) => void;
  onSuccess: (payload: { lastResponse: { getHeader(name: string): string | undefined } }) => void;
  onBeforeRequest: (request: { setHeader(name: string, value: string): void }) => void;
}
const tus = vi.hoisted(() => ({
  uploads: [] as {
    options: Options;
    start: ReturnType<typeof vi.fn>;
    abort: ReturnType<typeof vi.fn>;
    resumeFromPreviousUpload: ReturnType<typeof vi.fn>;
  }[],
  stored: [] as unknown[],
  removeUpload: vi.fn(async () => {}),
  terminate: vi.fn(async () => {}),
}));
vi.mock('tus-js-client', () => {
  class Upload {
    options: Options;
    start = vi.fn();
    abort = vi.fn(async () => {});
    resumeFromPreviousUpload = vi.fn();
    static terminate = tus.terminate;
    constructor(_file: File, options: Options) {
      this.options = options;
      tus.uploads.push(this);
    }
    async findPreviousUploads() {
      return tus.stored;
    }
  }
  return {
    Upload,
    canStoreURLs: true,
    defaultOptions: {
      urlStorage: { findAllUploads: async () => tus.stored, removeUpload: tus.removeUpload },
    },
  };
});

const FIND = { timeout: 5000 };
const AUDIENCE_ID = '0b6c1f4e-3f6a-4d7e-9a55-333333333333';
const AUDIENCE: TAudience = {
  audience_id: AUDIENCE_ID,
  name: 'big',
  file_name: 'big.csv',
  format: 'csv',
  bytes: 10_000_000,
  status: 'checking',
  failure: null,
  fields: [],
  read: 0,
  kept: 0,
  refused: 0,
  refused_by_reason: { bad_number: 0, duplicate: 0, opted_out: 0, too_long: 0, empty: 0 },
  created_at: '2026-11-28T17:10:00.000Z',
  checked_at: null,
};
const list = <T,>(items: T[]): TListResult<T> => ({ items, total: items.length });

function tenMegabytes(name = 'big.csv'): File {
  const file = new File(['msisdn\n+919876543210\n'], name, { type: 'text/csv', lastModified: 1 });
  Object.defineProperty(file, 'size', { value: 10_000_000 });
  return file;
}
async function choose(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await userEvent.upload(input, file);
}
const created = () => {
  const upload = tus.uploads.filter((u) => u.options.metadata).at(-1);
  if (!upload) throw new Error('no upload started');
  return upload;
};

beforeEach(() => {
  tus.uploads.length = 0;
  tus.stored = [];
  vi.spyOn(http, 'get').mockResolvedValue(list([]));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the resumable upload panel', () => {
  it('when a file uploads then its bytes and percent show, Pause stops it and Resume continues it', async () => {
    vi.mocked(http.get).mockImplementation(async (url: string) =>
      url === `/secure/audiences/${AUDIENCE_ID}` ? AUDIENCE : list([]),
    );
    renderApp('/u/audiences', { details: DEVELOPER });
    expect(await screen.findByText('No audiences yet', {}, FIND)).toBeTruthy();
    await choose(tenMegabytes());
    await userEvent.click(screen.getByRole('button', { name: 'Upload and check' }));
    await waitFor(() => expect(created().start).toHaveBeenCalledTimes(1));
    const upload = created();
    expect(upload.options.endpoint).toBe('/api/v1/secure/audiences/uploads');
    expect(upload.options.metadata.filename).toBe('big.csv');

    upload.options.onProgress(2_500_000, 10_000_000);
    expect(await screen.findByText('Uploading: 2.5 MB of 10.0 MB (25%)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '25',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(upload.abort).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Paused: 2.5 MB of 10.0 MB (25%)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Resume' }));
    expect(upload.start).toHaveBeenCalledTimes(2);
    upload.options.onProgress(10_000_000, 10_000_000);
    expect(await screen.findByText('Uploading: 10.0 MB of 10.0 MB (100%)')).toBeTruthy();

    upload.options.onSuccess({
      lastResponse: { getHeader: (name) => (name === 'Audience-Id' ? AUDIENCE_ID : undefined) },
    });
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith(`/secure/audiences/${AUDIENCE_ID}`, expect.anything()),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'big' }, FIND)).toBeTruthy();
    expect(screen.queryByText(/Uploading:/)).toBeNull();
  });

  it('when the page opens again after an unfinished upload then it offers to continue it with the same file', async () => {
    const previous = {
      size: 10_000_000,
      metadata: { filename: 'big.csv' },
      creationTime: '2026-11-28T17:00:00.000Z',
      urlStorageKey: 'tus::tus-br-big.csv::1',
      uploadUrl: '/api/v1/secure/audiences/uploads/0123456789abcdef0123456789abcdef',
      parallelUploadUrls: null,
    };
    tus.stored = [previous];
    renderApp('/u/audiences', { details: DEVELOPER });
    expect(
      await screen.findByText(/The upload of big.csv \(10.0 MB\) did not finish/, {}, FIND),
    ).toBeTruthy();

    await choose(tenMegabytes());
    await userEvent.click(await screen.findByRole('button', { name: 'Resume upload' }));
    await waitFor(() => expect(created().start).toHaveBeenCalledTimes(1));
    expect(created().resumeFromPreviousUpload).toHaveBeenCalledWith(previous);
  });

  it('when an unfinished upload is forgotten then the server is told to delete it and the offer goes', async () => {
    tus.stored = [
      {
        size: 2_000,
        metadata: { filename: 'old.csv' },
        creationTime: '2026-11-28T16:00:00.000Z',
        urlStorageKey: 'tus::old::1',
        uploadUrl: '/api/v1/secure/audiences/uploads/abcdefabcdefabcdefabcdefabcdefab',
        parallelUploadUrls: null,
      },
    ];
    renderApp('/u/audiences', { details: DEVELOPER });
    expect(await screen.findByText(/The upload of old.csv/, {}, FIND)).toBeTruthy();
    tus.removeUpload.mockImplementation(async () => {
      tus.stored = [];
    });
    await userEvent.click(screen.getByRole('button', { name: 'Forget it' }));
    await waitFor(() => expect(screen.queryByText(/The upload of old.csv/)).toBeNull());
    expect(tus.terminate).toHaveBeenCalledWith(
      '/api/v1/secure/audiences/uploads/abcdefabcdefabcdefabcdefabcdefab',
      expect.anything(),
    );
  });
});
