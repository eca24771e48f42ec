import { ZMaapMessageRequest, ZMessageContent } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { contentOfRcsMessage } from './maap-shape.ts';

/** MaaP's fileMessage and audioMessage as our content: the URL, MIME type, size, name and thumbnail kept. */

const rcsMessage = (message: Record<string, unknown>) =>
  ZMaapMessageRequest.parse({ RCSMessage: message, messageContact: { userContact: '+919810012345' } })
    .RCSMessage;

describe('a MaaP file or audio message as our content', () => {
  it('when a fileMessage is sent then it is a file with its MIME type, size, name, thumbnail and chips', () => {
    const content = contentOfRcsMessage(
      rcsMessage({
        fileMessage: {
          fileUrl: 'https://cdn.example.com/c.pdf',
          fileMIMEType: 'application/pdf',
          fileSize: 482_133,
          fileName: 'catalogue.pdf',
          thumbnailUrl: 'https://cdn.example.com/c-thumb.jpg',
          thumbnailMIMEType: 'image/jpeg',
        },
        suggestedChipList: { suggestions: [{ reply: { displayText: 'Order', postback: { data: 'o' } } }] },
      }),
    );
    expect(ZMessageContent.parse(content)).toEqual({
      kind: 'file',
      fileUrl: 'https://cdn.example.com/c.pdf',
      mimeType: 'application/pdf',
      mediaType: 'document',
      fileSize: 482_133,
      fileName: 'catalogue.pdf',
      thumbnailUrl: 'https://cdn.example.com/c-thumb.jpg',
      suggestions: [{ type: 'reply', text: 'Order', postbackData: 'o' }],
    });
  });

  it('when an image or an audio message is sent then its media type is its MIME type’s', () => {
    const image = contentOfRcsMessage(
      rcsMessage({ fileMessage: { fileUrl: 'https://cdn.example.com/a', fileMIMEType: 'image/png' } }),
    );
    expect(image).toMatchObject({ kind: 'file', mediaType: 'image', mimeType: 'image/png' });
    const audio = contentOfRcsMessage(
      rcsMessage({
        audioMessage: {
          fileUrl: 'https://cdn.example.com/a.m4a',
          fileMIMEType: 'audio/mp4',
          playingLength: 12,
        },
      }),
    );
    expect(audio).toMatchObject({ kind: 'file', mediaType: 'audio', mimeType: 'audio/mp4' });
  });

  it('when an audioMessage names no audio type, or a location push is sent, then why it cannot be', () => {
    expect(
      contentOfRcsMessage(
        rcsMessage({ audioMessage: { fileUrl: 'https://cdn.example.com/v.mp4', fileMIMEType: 'video/mp4' } }),
      ),
    ).toMatch(/audio type/);
    expect(contentOfRcsMessage(rcsMessage({ geolocationPushMessage: { pos: '1,2' } }))).toMatch(
      /location pushes are not supported/,
    );
  });
});
