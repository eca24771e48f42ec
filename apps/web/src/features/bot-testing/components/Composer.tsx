import AddOutlined from '@mui/icons-material/AddOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { MESSAGE_LIMITS, type TMessageContentInput, ZMessageContent } from '@portico/domain';
import { useState } from 'react';
import { errorMessage } from '@/lib/http/api-error';
import { MessageView } from '@/lib/rich-message/MessageView';
import { TextInput } from '@/lib/ui/TextInput';
import { useSendTestMessage } from '../api/bot-testing';

type Kind = 'text' | 'rich_card' | 'carousel';
type SuggestionType = 'reply' | 'open_url' | 'dial';
interface SuggestionDraft {
  type: SuggestionType;
  text: string;
  value: string;
}
interface CardDraft {
  title: string;
  description: string;
  mediaUrl: string;
}

const EMPTY_CARD: CardDraft = { title: '', description: '', mediaUrl: '' };
const VALUE_LABEL: Record<SuggestionType, string> = {
  reply: 'Postback data',
  open_url: 'URL',
  dial: 'Phone number',
};

function suggestionOf(draft: SuggestionDraft) {
  const base = { text: draft.text, postbackData: draft.type === 'reply' ? draft.value || draft.text : '' };
  if (draft.type === 'open_url') return { ...base, type: 'open_url' as const, url: draft.value };
  if (draft.type === 'dial') return { ...base, type: 'dial' as const, phoneNumber: draft.value };
  return { ...base, type: 'reply' as const };
}
function cardOf(draft: CardDraft) {
  return {
    ...(draft.title.trim() ? { title: draft.title } : {}),
    ...(draft.description.trim() ? { description: draft.description } : {}),
    ...(draft.mediaUrl.trim() ? { media: { fileUrl: draft.mediaUrl.trim() } } : {}),
  };
}

/** What the composer holds, as the network-neutral message content the API takes. */
export function composeContent(
  kind: Kind,
  text: string,
  cards: CardDraft[],
  suggestions: SuggestionDraft[],
): TMessageContentInput {
  const chips = suggestions.map(suggestionOf);
  if (kind === 'text') return { kind, text, suggestions: chips };
  if (kind === 'rich_card') return { kind, card: { ...cardOf(cards[0] ?? EMPTY_CARD), suggestions: chips } };
  return { kind, cards: cards.map(cardOf), suggestions: chips };
}

/**
 * The console's composer: a text, a rich card or a carousel, with suggested replies and actions,
 * checked against the message contract as it is typed and previewed as the phone will show it.
 * `compact` is the console's answer box (text and replies only).
 */
export function Composer({
  botId,
  deviceId,
  compact = false,
}: {
  botId: string;
  deviceId: string;
  compact?: boolean;
}) {
  const send = useSendTestMessage(botId, deviceId);
  const [kind, setKind] = useState<Kind>('text');
  const [text, setText] = useState('');
  const [cards, setCards] = useState<CardDraft[]>([{ ...EMPTY_CARD }, { ...EMPTY_CARD }]);
  const [suggestions, setSuggestions] = useState<SuggestionDraft[]>([]);
  const [tried, setTried] = useState(false);
  const usedCards = kind === 'rich_card' ? cards.slice(0, 1) : cards;
  const content = composeContent(kind, text, usedCards, suggestions);
  const parsed = ZMessageContent.safeParse(content);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join(' ') || 'message'}: ${issue.message}`);
  const empty =
    kind === 'text' ? text.trim() === '' : usedCards.every((c) => !c.title && !c.description && !c.mediaUrl);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!parsed.success) return;
    send.mutate(content, {
      onSuccess: () => {
        setText('');
        setCards([{ ...EMPTY_CARD }, { ...EMPTY_CARD }]);
        setSuggestions([]);
        setTried(false);
      },
    });
  };
  const setCard = (index: number, patch: Partial<CardDraft>) =>
    setCards((all) => all.map((c, i) => (i === index ? { ...c, ...patch } : c)));
  const setSuggestion = (index: number, patch: Partial<SuggestionDraft>) =>
    setSuggestions((all) => all.map((s, i) => (i === index ? { ...s, ...patch } : s)));

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={compact ? 'Answer' : 'Compose a test message'}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      {!compact && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={kind}
          onChange={(_e, next: Kind | null) => next && setKind(next)}
          aria-label="Message type"
        >
          <ToggleButton value="text">Text</ToggleButton>
          <ToggleButton value="rich_card">Rich card</ToggleButton>
          <ToggleButton value="carousel">Carousel</ToggleButton>
        </ToggleButtonGroup>
      )}
      {kind === 'text' && (
        <TextInput
          label={compact ? 'Your answer' : 'Message text'}
          size="small"
          multiline
          minRows={compact ? 1 : 2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.text } }}
        />
      )}
      {kind !== 'text' &&
        usedCards.map((card, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the cards being composed are positional.
          <Paper key={index} variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, mr: 'auto' }}>
                {kind === 'carousel' ? `Card ${index + 1}` : 'Card'}
              </Typography>
              {kind === 'carousel' && cards.length > MESSAGE_LIMITS.carouselMin && (
                <IconButton
                  size="small"
                  aria-label={`Remove card ${index + 1}`}
                  onClick={() => setCards((all) => all.filter((_c, i) => i !== index))}
                >
                  <CloseOutlined fontSize="small" />
                </IconButton>
              )}
            </Box>
            <TextInput
              label="Title"
              size="small"
              value={card.title}
              onChange={(e) => setCard(index, { title: e.target.value })}
            />
            <TextInput
              label="Description"
              size="small"
              multiline
              value={card.description}
              onChange={(e) => setCard(index, { description: e.target.value })}
            />
            <TextInput
              label="Image URL (optional)"
              size="small"
              value={card.mediaUrl}
              onChange={(e) => setCard(index, { mediaUrl: e.target.value })}
            />
          </Paper>
        ))}
      {kind === 'carousel' && cards.length < MESSAGE_LIMITS.carouselMax && (
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => setCards((all) => [...all, { ...EMPTY_CARD }])}
          sx={{ justifySelf: 'start' }}
        >
          Add card
        </Button>
      )}
      {suggestions.map((s, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: the suggestions being composed are positional.
          key={index}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', sm: '120px 1fr 1fr auto' },
            alignItems: 'start',
          }}
        >
          <TextInput
            select
            size="small"
            label="Suggestion"
            value={s.type}
            onChange={(e) => setSuggestion(index, { type: e.target.value as SuggestionType })}
          >
            <option value="reply">Reply</option>
            {!compact && <option value="open_url">Open URL</option>}
            {!compact && <option value="dial">Dial</option>}
          </TextInput>
          <TextInput
            size="small"
            label="Chip text"
            value={s.text}
            onChange={(e) => setSuggestion(index, { text: e.target.value })}
            slotProps={{ htmlInput: { maxLength: MESSAGE_LIMITS.suggestionText } }}
          />
          <TextInput
            size="small"
            label={VALUE_LABEL[s.type]}
            value={s.value}
            onChange={(e) => setSuggestion(index, { value: e.target.value })}
          />
          <IconButton
            aria-label={`Remove suggestion ${index + 1}`}
            onClick={() => setSuggestions((all) => all.filter((_s, i) => i !== index))}
          >
            <CloseOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {suggestions.length < MESSAGE_LIMITS.suggestionsPerMessage && (
          <Button
            size="small"
            startIcon={<AddOutlined />}
            onClick={() => setSuggestions((all) => [...all, { type: 'reply', text: '', value: '' }])}
          >
            Add suggestion
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={send.isPending || empty} sx={{ ml: 'auto' }}>
          {send.isPending ? 'Sending…' : compact ? 'Send answer' : 'Send test message'}
        </Button>
      </Box>
      {tried && problems.length > 0 && (
        <Alert severity="error">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      {send.isError && <Alert severity="error">{errorMessage(send.error)}</Alert>}
      {!compact && !empty && (
        <Box aria-label="Preview" role="figure" sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 1.5 }}>
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 0.5 }}>
            Preview
          </Typography>
          <Box sx={{ maxWidth: 320 }}>
            <MessageView content={content} />
          </Box>
        </Box>
      )}
    </Box>
  );
}
