import { type TCloudApiSendRequest, ZCloudApiSendRequest, ZMessageContent } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { contentOfCloudApiRequest } from './whatsapp-shape.ts';

/** Meta's media messages as our content: the media type, link, caption and document filename kept. */

const request = (body: Record<string, unknown>): TCloudApiSendRequest =>
  ZCloudApiSendRequest.parse({ messaging_product: 'whatsapp', to: '919810012345', ...body });

describe('a Cloud API media message as our content', () => {
  it.each([
    [
      'an image with its caption',
      { type: 'image', image: { link: 'https://cdn.example.com/aloe.png', caption: 'Aloe' } },
      { fileUrl: 'https://cdn.example.com/aloe.png', mediaType: 'image', caption: 'Aloe' },
    ],
    [
      'a document with its caption and file name',
      {
        type: 'document',
        document: { link: 'https://cdn.example.com/i/8c1f', caption: 'Invoice', filename: 'invoice.pdf' },
      },
      {
        fileUrl: 'https://cdn.example.com/i/8c1f',
        mediaType: 'document',
        caption: 'Invoice',
        fileName: 'invoice.pdf',
      },
    ],
    ['a video', { type: 'video', video: { link: 'https://cdn.example.com/v.mp4' } }, { mediaType: 'video' }],
    [
      'an audio file',
      { type: 'audio', audio: { link: 'https://cdn.example.com/a.mp3' } },
      { mediaType: 'audio' },
    ],
    [
      'a sticker',
      { type: 'sticker', sticker: { link: 'https://cdn.example.com/s.webp' } },
      { mediaType: 'sticker' },
    ],
  ])('when %s is sent then it is a file of that media type, valid content', (_name, body, expected) => {
    const content = contentOfCloudApiRequest(request(body));
    expect(content).toMatchObject({ kind: 'file', suggestions: [], ...expected });
    expect(ZMessageContent.parse(content)).toEqual(content);
  });

  it('when media is named by id then it is a file uploaded before; an id that is no media id is (#100)', () => {
    const content = contentOfCloudApiRequest(request({ type: 'video', video: { id: '1013859600285441' } }));
    expect(content).toEqual({
      kind: 'file',
      uploadedFile: '1013859600285441',
      mediaType: 'video',
      suggestions: [],
    });
    expect(ZMessageContent.parse(content)).toEqual(content);
    const refusal = contentOfCloudApiRequest(request({ type: 'video', video: { id: 'files/abc' } }));
    expect(refusal).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 100,
          message: '(#100) Invalid parameter',
          error_data: { details: "Param video['id'] is not a valid media ID." },
        },
      },
    });
  });
});
