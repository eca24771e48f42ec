import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TMessageContentInput, TRichCard } from '@portico/domain';

type Suggestion = NonNullable<Extract<TMessageContentInput, { kind: 'text' }>['suggestions']>[number];
type CardInput = Extract<TMessageContentInput, { kind: 'rich_card' }>['card'];

const SUGGESTION_PREFIX: Record<Suggestion['type'], string> = {
  reply: '',
  open_url: 'Open: ',
  dial: 'Call: ',
  view_location: 'Map: ',
  share_location: 'Share location: ',
  calendar: 'Add: ',
};

function Suggestions({ items }: { items: readonly Suggestion[] | undefined }) {
  if (!items?.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}>
      {items.map((s) => (
        <Chip
          key={`${s.type}|${s.text}|${s.postbackData ?? ''}`}
          size="small"
          variant="outlined"
          color="primary"
          label={`${SUGGESTION_PREFIX[s.type]}${s.text}`}
        />
      ))}
    </Box>
  );
}

function Card({ card }: { card: CardInput | TRichCard }) {
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.paper',
        minWidth: 160,
      }}
    >
      {card.media?.fileUrl && (
        <Box
          component="img"
          src={card.media.fileUrl}
          alt=""
          sx={{ display: 'block', width: '100%', height: 96, objectFit: 'cover', bgcolor: 'action.hover' }}
        />
      )}
      <Box sx={{ p: 1 }}>
        {card.title && (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {card.title}
          </Typography>
        )}
        {card.description && <Typography variant="body2">{card.description}</Typography>}
        <Suggestions items={card.suggestions} />
      </Box>
    </Box>
  );
}

type FileInput = Extract<TMessageContentInput, { kind: 'file' }>;

const FILE_KINDS = {
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  document: 'Document',
  sticker: 'Sticker',
};

/** The name a file shows: its own, else its URL's last segment, else the uploaded file's name. */
function fileNameOf(content: FileInput): string {
  if (content.fileName) return content.fileName;
  const last = content.fileUrl?.split(/[?#]/)[0]?.split('/').pop();
  return last || content.uploadedFile || 'file';
}

/** A file message: an image by URL as the image, any other file as a chip with its name; then its caption. */
function FileMessage({ content }: { content: FileInput }) {
  const kind = content.mediaType ?? (content.mimeType?.startsWith('image/') ? 'image' : undefined);
  const name = fileNameOf(content);
  return (
    <>
      {(kind === 'image' || kind === 'sticker') && content.fileUrl ? (
        <Box
          component="img"
          src={content.fileUrl}
          alt={name}
          sx={{ display: 'block', maxWidth: 240, maxHeight: 240, borderRadius: 2, bgcolor: 'action.hover' }}
        />
      ) : (
        <Chip
          variant="outlined"
          label={`${kind ? FILE_KINDS[kind] : 'File'}: ${name}`}
          title={content.fileUrl ?? content.uploadedFile}
          sx={{ maxWidth: '100%' }}
        />
      )}
      {content.caption && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {content.caption}
        </Typography>
      )}
      <Suggestions items={content.suggestions} />
    </>
  );
}

/** A message as a phone shows it: text, a rich card, a carousel, a file, a location, contacts or a reaction, and its suggestion chips. */
export function MessageView({ content }: { content: TMessageContentInput }) {
  switch (content.kind) {
    case 'text':
      return (
        <>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {content.text}
          </Typography>
          <Suggestions items={content.suggestions} />
        </>
      );
    case 'rich_card':
      return (
        <>
          <Card card={content.card} />
          <Suggestions items={content.suggestions} />
        </>
      );
    case 'carousel':
      return (
        <>
          <Box sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 0.5 }}>
            {content.cards.map((card, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the cards of a carousel are positional.
              <Card key={i} card={card} />
            ))}
          </Box>
          <Suggestions items={content.suggestions} />
        </>
      );
    case 'template':
      return <Typography variant="body2">Template {content.templateName}</Typography>;
    case 'file':
      return <FileMessage content={content} />;
    case 'location':
      return (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Location: {[content.name, content.address].filter(Boolean).join(', ') || 'a pin'} (
          {content.latitude}, {content.longitude})
        </Typography>
      );
    case 'contacts':
      return (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          Contact{content.contacts.length > 1 ? 's' : ''}:{' '}
          {content.contacts
            .map((c) => [c.name.formatted_name, c.phones?.[0]?.phone].filter(Boolean).join(' '))
            .join('; ')}
        </Typography>
      );
    case 'reaction':
      return (
        <Typography variant="body2">
          {content.emoji ? `Reacted ${content.emoji}` : 'Reaction removed'} to message {content.messageId}
        </Typography>
      );
  }
}
