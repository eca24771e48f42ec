import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { BOT_IMAGE_SPECS, type BotImageKind, imageFileProblem } from '@portico/domain';
import { useId } from 'react';

const NAMES: Record<BotImageKind, string> = { logo: 'Logo', banner: 'Banner image', photo: 'Profile photo' };

function sizeText(kind: BotImageKind): string {
  const spec = BOT_IMAGE_SPECS[kind];
  const weight =
    spec.maxBytes >= 1_000_000 ? `${spec.maxBytes / 1024 / 1024} MB` : `${spec.maxBytes / 1000} KB`;
  const types = spec.types.map((t) => t.replace('image/', '').toUpperCase()).join(' or ');
  return kind === 'photo'
    ? `Square ${types}, at least ${spec.minSide} x ${spec.minSide} px, at most ${weight} (stored at ${spec.width} x ${spec.height} px).`
    : `${types}, ${spec.width} x ${spec.height} px, at most ${weight}. A larger picture of the same shape is resized.`;
}

/**
 * Picks one of the bot's images. The file's type and size are checked here (imageFileProblem) before
 * anything is sent; the server checks the pixels and answers the exact size or weight problem,
 * which `error` shows at the field.
 */
export function BotImageField({
  kind,
  hasImage,
  disabled = false,
  lockedText,
  pending = false,
  error,
  onPick,
  onProblem,
}: {
  kind: BotImageKind;
  hasImage: boolean;
  disabled?: boolean;
  /** Why the image may not change now (a live bot), shown instead of the size rule. */
  lockedText?: string | undefined;
  pending?: boolean;
  error: string | null;
  onPick: (file: File) => void;
  onProblem: (message: string) => void;
}) {
  const messageId = useId();
  const name = NAMES[kind];
  return (
    <Box>
      <Button
        component="label"
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        disabled={disabled || pending}
        aria-describedby={messageId}
      >
        {hasImage ? `Replace ${name.toLowerCase()}` : `Upload ${name.toLowerCase()}`}
        <input
          hidden
          type="file"
          accept={BOT_IMAGE_SPECS[kind].types.join(',')}
          aria-label={name}
          data-kind={kind}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const problem = imageFileProblem(BOT_IMAGE_SPECS[kind], file);
            if (problem) onProblem(problem);
            else onPick(file);
          }}
        />
      </Button>
      {error ? (
        <FormHelperText id={messageId} error sx={{ color: 'error.dark' }} role="alert">
          {error}
        </FormHelperText>
      ) : (
        <Typography id={messageId} variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {lockedText ?? sizeText(kind)}
        </Typography>
      )}
    </Box>
  );
}
