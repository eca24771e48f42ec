import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageView } from './MessageView';

describe('MessageView of a file message', () => {
  it('shows an image by URL as the image, with its caption under it', () => {
    render(
      <MessageView
        content={{
          kind: 'file',
          fileUrl: 'https://cdn.example.com/media/aloe.png',
          mediaType: 'image',
          caption: 'The best succulent ever?',
          suggestions: [],
        }}
      />,
    );
    expect(screen.getByRole('img', { name: 'aloe.png' }).getAttribute('src')).toBe(
      'https://cdn.example.com/media/aloe.png',
    );
    expect(screen.getByText('The best succulent ever?')).toBeTruthy();
  });

  it('shows a document as a chip with its file name, its caption and its suggestions', () => {
    render(
      <MessageView
        content={{
          kind: 'file',
          fileUrl: 'https://cdn.example.com/invoices/8c1f.pdf',
          mediaType: 'document',
          fileName: 'invoice-42.pdf',
          caption: 'Your invoice',
          suggestions: [{ type: 'reply', text: 'Pay now', postbackData: 'pay' }],
        }}
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Document: invoice-42.pdf')).toBeTruthy();
    expect(screen.getByText('Your invoice')).toBeTruthy();
    expect(screen.getByText('Pay now')).toBeTruthy();
  });

  it("names a file without a name or media type by its URL's last segment, or its uploaded name", () => {
    const { unmount } = render(
      <MessageView
        content={{ kind: 'file', fileUrl: 'https://example.com/clip.mp4?v=2', suggestions: [] }}
      />,
    );
    expect(screen.getByText('File: clip.mp4')).toBeTruthy();
    unmount();
    render(<MessageView content={{ kind: 'file', uploadedFile: 'files/abc123', suggestions: [] }} />);
    expect(screen.getByText('File: files/abc123')).toBeTruthy();
  });
});
