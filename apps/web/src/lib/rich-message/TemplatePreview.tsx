import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CallOutlined from '@mui/icons-material/CallOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import LaunchOutlined from '@mui/icons-material/LaunchOutlined';
import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  fillRcsTemplate,
  fillWhatsappTemplate,
  type RcsCard,
  type RcsMediaHeight,
  type RcsSuggestion,
  type RcsTemplateContent,
  rcsTemplateVariables,
  sampleValues,
  type TemplateMedia,
  type WhatsappButton,
  type WhatsappTemplateContent,
  whatsappAuthenticationBody,
  whatsappAuthenticationFooter,
} from '@portico/domain';
import type { ReactNode } from 'react';
import { Handset } from './Handset';

/** Where a template's media is shown from: its web address, or our public files route for an upload. */
export function templateMediaUrl(media: TemplateMedia): string {
  return media.source === 'url' ? media.url : `/api/v1/files/${media.key}`;
}

/** RBM's media heights on a vertical card (dp), and its carousel card widths. */
const MEDIA_HEIGHT: Record<RcsMediaHeight, number> = { SHORT: 112, MEDIUM: 168, TALL: 264 };
const CARD_WIDTH = { SMALL: 120, MEDIUM: 232 } as const;

const SUGGESTION_ICON: Record<RcsSuggestion['type'], ReactNode> = {
  reply: null,
  dial: <CallOutlined />,
  open_url: <LaunchOutlined />,
  view_location: <PlaceOutlined />,
  share_location: <MyLocationOutlined />,
  calendar: <CalendarMonthOutlined />,
};

function Chips({ items, label }: { items: readonly RcsSuggestion[]; label: string }) {
  if (!items.length) return null;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 1 }}
    >
      {items.map((s, i) => (
        <Box
          component="li"
          // biome-ignore lint/suspicious/noArrayIndexKey: suggestions are positional and may repeat while typed.
          key={i}
          data-testid="preview-suggestion"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            px: 1.25,
            py: 0.5,
            border: 1,
            borderColor: '#c4c7c5',
            borderRadius: 4,
            fontSize: '0.8125rem',
            color: '#0b57d0',
            '& svg': { fontSize: 16 },
          }}
        >
          {SUGGESTION_ICON[s.type]}
          {s.text || '…'}
        </Box>
      ))}
    </Box>
  );
}

function Media({ media, height }: { media: TemplateMedia; height: number | string }) {
  const url = templateMediaUrl(media);
  const sx = { display: 'block', width: '100%', height, objectFit: 'cover', bgcolor: '#e8eaed' } as const;
  if (media.kind === 'image' && url) return <Box component="img" src={url} alt="" sx={sx} />;
  return (
    <Box sx={{ ...sx, display: 'grid', placeItems: 'center', color: '#5f6368' }} aria-label={`${media.kind}`}>
      {media.kind === 'video' ? <SmartDisplayOutlined /> : <DescriptionOutlined />}
    </Box>
  );
}

function CardBody({ card }: { card: RcsCard }) {
  return (
    <Box sx={{ p: 1.25, minWidth: 0 }}>
      {card.title && (
        <Typography component="p" sx={{ fontWeight: 600, fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
          {card.title}
        </Typography>
      )}
      {card.description && (
        <Typography
          component="p"
          sx={{ fontSize: '0.8125rem', color: '#444746', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {card.description}
        </Typography>
      )}
      <Chips items={card.suggestions} label="Card suggestions" />
    </Box>
  );
}

function Card({
  card,
  width,
  horizontal,
  imageRight,
}: {
  card: RcsCard;
  width?: number;
  horizontal?: { right: boolean };
  imageRight?: boolean;
}) {
  const frame = {
    border: 1,
    borderColor: '#dadce0',
    borderRadius: 3,
    overflow: 'hidden',
    bgcolor: '#fff',
    flex: width ? `0 0 ${width}px` : undefined,
    width: width ?? '100%',
  } as const;
  if (horizontal) {
    return (
      <Box
        data-testid="preview-card"
        sx={{
          ...frame,
          display: 'flex',
          flexDirection: horizontal.right || imageRight ? 'row-reverse' : 'row',
        }}
      >
        {card.media && (
          <Box sx={{ flex: '0 0 40%' }}>
            <Media media={card.media} height="100%" />
          </Box>
        )}
        <CardBody card={card} />
      </Box>
    );
  }
  return (
    <Box data-testid="preview-card" sx={frame}>
      {card.media && <Media media={card.media} height={MEDIA_HEIGHT[card.media.height]} />}
      <CardBody card={card} />
    </Box>
  );
}

function Bubble({ children, tone = '#f2f2f2' }: { children: ReactNode; tone?: string }) {
  return (
    <Box
      sx={{
        bgcolor: tone,
        borderRadius: 3,
        px: 1.5,
        py: 1,
        maxWidth: '85%',
        fontSize: '0.875rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        color: '#1f1f1f',
      }}
    >
      {children}
    </Box>
  );
}

/** The RCS template's message as a phone shows it; its personalised fields take the sample values. */
export function RcsTemplateMessage({
  content,
  values = {},
}: {
  content: RcsTemplateContent;
  values?: Readonly<Record<string, string>>;
}) {
  const filled = fillRcsTemplate(content, sampleValues(rcsTemplateVariables(content), values));
  return (
    <Box sx={{ p: 1.5 }} data-testid="preview-message">
      {filled.kind === 'text' && (
        <Bubble>
          <span data-testid="preview-text">{filled.text || 'Your message'}</span>
        </Bubble>
      )}
      {filled.kind === 'rich_card' && (
        <Card
          card={filled.card}
          {...(filled.orientation === 'HORIZONTAL'
            ? { horizontal: { right: filled.imageAlignment === 'RIGHT' } }
            : {})}
        />
      )}
      {filled.kind === 'carousel' && (
        <Box
          role="list"
          aria-label="Carousel"
          // Scrolled sideways like the phone's carousel: focusable, so the keyboard can scroll it too.
          tabIndex={0}
          sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 0.5, alignItems: 'flex-start' }}
        >
          {filled.cards.map((card, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the cards of a carousel are positional.
            <Box role="listitem" key={i} sx={{ display: 'contents' }}>
              <Card card={card} width={CARD_WIDTH[filled.cardWidth]} />
            </Box>
          ))}
        </Box>
      )}
      <Chips items={filled.suggestions} label="Suggestions" />
    </Box>
  );
}

const BUTTON_ICON: Record<WhatsappButton['type'], ReactNode> = {
  QUICK_REPLY: <ReplyOutlined />,
  URL: <LaunchOutlined />,
  PHONE_NUMBER: <CallOutlined />,
  COPY_CODE: <ContentCopyOutlined />,
};

/** The WhatsApp template's message as a phone shows it; numbered variables take their examples. */
export function WhatsappTemplateMessage({ content }: { content: WhatsappTemplateContent }) {
  const auth = content.category === 'AUTHENTICATION' ? content.authentication : undefined;
  const base: WhatsappTemplateContent = auth
    ? {
        ...content,
        body: { ...content.body, text: whatsappAuthenticationBody(auth.securityRecommendation) },
        footer: whatsappAuthenticationFooter(auth.codeExpirationMinutes),
      }
    : content;
  const filled = fillWhatsappTemplate(base);
  const header = filled.header;
  return (
    <Box sx={{ p: 1.5, bgcolor: '#efeae2', minHeight: 440 }} data-testid="preview-message">
      <Box sx={{ bgcolor: '#fff', borderRadius: 2, maxWidth: '90%', overflow: 'hidden', boxShadow: 1 }}>
        {header?.format === 'TEXT' && header.text && (
          <Typography component="p" sx={{ px: 1.25, pt: 1, fontWeight: 700, fontSize: '0.9375rem' }}>
            {header.text}
          </Typography>
        )}
        {header && header.format !== 'TEXT' && (
          <Box sx={{ p: 0.5 }}>
            {header.media.source === 'url' && !header.media.url ? (
              <Box sx={{ height: 120, display: 'grid', placeItems: 'center', bgcolor: '#e9edef' }}>
                <ImageOutlined aria-label={header.format.toLowerCase()} />
              </Box>
            ) : (
              <Media media={header.media} height={140} />
            )}
          </Box>
        )}
        <Typography
          component="p"
          data-testid="preview-text"
          sx={{
            px: 1.25,
            py: 1,
            fontSize: '0.875rem',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            color: '#111b21',
          }}
        >
          {filled.body.text || 'Your message'}
        </Typography>
        {filled.footer && (
          <Typography component="p" sx={{ px: 1.25, pb: 1, fontSize: '0.75rem', color: '#667781' }}>
            {filled.footer}
          </Typography>
        )}
        {filled.buttons.length > 0 && (
          <Box component="ul" aria-label="Buttons" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {filled.buttons.map((b, i) => (
              <Box
                component="li"
                // biome-ignore lint/suspicious/noArrayIndexKey: buttons are positional and may repeat while typed.
                key={i}
                data-testid="preview-button"
                sx={{
                  display: 'flex',
                  justifyContent: 'center',
                  alignItems: 'center',
                  gap: 0.75,
                  borderTop: 1,
                  borderColor: '#e9edef',
                  py: 1,
                  fontSize: '0.875rem',
                  color: '#00789e',
                  '& svg': { fontSize: 18 },
                }}
              >
                {BUTTON_ICON[b.type]}
                {b.text || '…'}
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** A template on a handset: the live preview of the builder and of the details screen. */
export function TemplatePreview(
  props:
    | { channel: 'rcs'; content: RcsTemplateContent; values?: Readonly<Record<string, string>> }
    | { channel: 'whatsapp'; content: WhatsappTemplateContent },
) {
  return (
    <Handset label={props.channel === 'rcs' ? 'RCS template preview' : 'WhatsApp template preview'}>
      {props.channel === 'rcs' ? (
        <RcsTemplateMessage content={props.content} {...(props.values ? { values: props.values } : {})} />
      ) : (
        <WhatsappTemplateMessage content={props.content} />
      )}
    </Handset>
  );
}
